// Package sync retries pay.Charge, which retries too: the report comes
// through pay's Facts.
package sync

import (
	"context"
	"net/http"
	"time"

	"example.com/cache/pay"
)

func Sync(ctx context.Context, c *http.Client) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = pay.Charge(ctx, c, nil); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
