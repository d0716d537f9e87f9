// Package resilience holds the service's retry helpers: a jittered delay and
// a retrier behind an interface with one implementation.
package resilience

import (
	"context"
	"math/rand/v2"
	"time"

	"github.com/avast/retry-go/v4"
)

// Delay is a capped, jittered exponential delay.
func Delay(attempt int) time.Duration {
	d := min(100*time.Millisecond<<attempt, 5*time.Second)
	return d/2 + rand.N(d/2)
}

// Sleep waits for d or until ctx is done.
func Sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// Runner runs an operation with retries.
type Runner interface {
	Run(ctx context.Context, op func() error) error
}

// NewRunner returns the service's retrier.
func NewRunner() Runner { return retrier{attempts: 4} }

type retrier struct{ attempts uint }

func (r retrier) Run(ctx context.Context, op func() error) error {
	return retry.Do(op, retry.Attempts(r.attempts), retry.Context(ctx))
}
