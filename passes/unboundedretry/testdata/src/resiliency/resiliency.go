// Package resiliency retries with eapache/go-resiliency's retrier:
// bounded by its backoff slice unless WithInfiniteRetry.
package resiliency

import (
	"context"
	"errors"
	"time"

	"github.com/eapache/go-resiliency/retrier"
)

func charge() error { return errors.New("unavailable") }

func Forever() error {
	r := retrier.New(retrier.ConstantBackoff(3, time.Second), nil).WithInfiniteRetry() // want `WithInfiniteRetry makes the Retrier retry forever`
	r.SetJitter(0.2)
	return r.Run(charge)
}

func Bounded() error {
	r := retrier.New(retrier.ConstantBackoff(3, time.Second), nil)
	r.SetJitter(0.2)
	return r.Run(charge)
}

// A deadline on the context ends the infinite retry.
func UntilDeadline(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	r := retrier.New(retrier.ConstantBackoff(3, time.Second), nil).WithInfiniteRetry()
	r.SetJitter(0.2)
	return r.RunCtx(ctx, func(context.Context) error { return charge() })
}
