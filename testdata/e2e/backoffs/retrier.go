package backoffs

import (
	"context"

	retrygo5 "github.com/avast/retry-go/v5"
)

// Retriers retries with retry-go v5, whose options are given where the
// retrier is built.
func Retriers(ctx context.Context) {
	_ = retrygo5.New(retrygo5.UntilSucceeded()).Do(op)
	_ = retrygo5.New(retrygo5.Attempts(3), retrygo5.DelayType(retrygo5.FixedDelay)).Do(op)
	r := retrygo5.NewWithData[string](retrygo5.Attempts(4), retrygo5.MaxJitter(0))
	_, _ = r.Do(fetch)

	// Safe: 10 attempts, jittered, ended by the context.
	_ = retrygo5.New(retrygo5.Context(ctx)).Do(op)
}
