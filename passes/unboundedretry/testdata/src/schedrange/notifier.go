// Package schedrange retries on schedules of delays: the schedule's length
// bounds the attempts.
package schedrange

import (
	"context"
	"math/rand/v2"
	"time"
)

var publishBackoffs = []time.Duration{100 * time.Millisecond, 500 * time.Millisecond, 2 * time.Second}

type Notifier struct {
	send func(ctx context.Context, msg string) error
}

// Publish stops when the schedule runs out.
func (n *Notifier) Publish(ctx context.Context, msg string) error {
	var err error
	for _, d := range publishBackoffs {
		if err = n.send(ctx, msg); err == nil {
			return nil
		}
		time.Sleep(d/2 + rand.N(d/2))
	}
	return err
}
