// Package resiliency retries with eapache/go-resiliency's retrier, whose
// jitter is 0 until SetJitter.
package resiliency

import (
	"context"
	"errors"
	"time"

	"github.com/eapache/go-resiliency/retrier"
)

func charge() error { return errors.New("unavailable") }

func Plain() error {
	r := retrier.New(retrier.ExponentialBackoff(5, 100*time.Millisecond), nil) // want `retrier.New makes a Retrier with no jitter`
	return r.Run(charge)
}

func Inline(ctx context.Context) error {
	op := func(context.Context) error { return charge() }
	return retrier.New(retrier.ConstantBackoff(3, time.Second), nil).RunCtx(ctx, op) // want `retrier.New makes a Retrier with no jitter`
}

func Jittered() error {
	r := retrier.New(retrier.LimitedExponentialBackoff(5, 100*time.Millisecond, 5*time.Second), nil)
	r.SetJitter(0.25)
	return r.Run(charge)
}

// SetJitter ignores a value outside (0, 1]: this one has no jitter.
func OutOfRange() error {
	r := retrier.New(retrier.ConstantBackoff(3, time.Second), nil) // want `retrier.New makes a Retrier with no jitter`
	r.SetJitter(2)
	return r.Run(charge)
}

type Service struct{ retry *retrier.Retrier }

// FromConfig reads its jitter from configuration: not judged.
func NewService(jitter float64) *Service {
	r := retrier.New(retrier.ConstantBackoff(3, time.Second), nil)
	r.SetJitter(jitter)
	return &Service{retry: r}
}

func (s *Service) Do() error { return s.retry.Run(charge) }
