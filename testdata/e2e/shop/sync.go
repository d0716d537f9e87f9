package shop

import (
	"context"

	"github.com/cenkalti/backoff/v4"
)

func (s *Service) push(ctx context.Context) error { return nil }

// Sync retries an operation that runs the retrier of package resilience,
// reached through an interface with one implementation: the attempts
// multiply. Reported at the inner call.
func (s *Service) Sync(ctx context.Context) error {
	return backoff.Retry(func() error {
		return s.runner.Run(ctx, func() error { return s.push(ctx) })
	}, backoff.WithContext(backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 3), ctx))
}

// SyncOnce ends the outer retry when the inner one fails: fine.
func (s *Service) SyncOnce(ctx context.Context) error {
	return backoff.Retry(func() error {
		if err := s.runner.Run(ctx, func() error { return s.push(ctx) }); err != nil {
			return backoff.Permanent(err)
		}
		return nil
	}, backoff.WithContext(backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 3), ctx))
}
