// Package grpccheckout retries a billing call that the gRPC connection
// below it already retries.
package grpccheckout

import (
	"context"
	"time"

	"grpcbilling"
)

type Checkout struct{ billing *grpcbilling.Client }

func (c *Checkout) Pay(ctx context.Context, amount int64) (string, error) { // want Pay:`retries\(attempts=12\)`
	var lastErr error
	for attempt := 1; attempt <= 3; attempt++ {
		id, err := c.billing.Charge(ctx, amount) // want `3 x 4 = 12 calls when the dependency keeps failing; retry at one layer only, here or in grpcbilling.Client.Charge`
		if err == nil {
			return id, nil
		}
		lastErr = err
		time.Sleep(time.Duration(attempt) * 200 * time.Millisecond)
	}
	return "", lastErr
}

// Find retries a lookup the connection sends once.
func (c *Checkout) Find(ctx context.Context, id string) (string, error) { // want Find:`retries\(attempts=3\)`
	var lastErr error
	for attempt := 1; attempt <= 3; attempt++ {
		got, err := c.billing.Lookup(ctx, id)
		if err == nil {
			return got, nil
		}
		lastErr = err
		time.Sleep(time.Second)
	}
	return "", lastErr
}
