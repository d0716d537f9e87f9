package unbounded

import (
	"context"
	"time"

	backoff5 "github.com/cenkalti/backoff/v5"
	retry "github.com/sethvargo/go-retry"

	"retrywrap"
)

// Policies handed to a wrapper that forwards them to the library.
func forwarded(ctx context.Context) {
	f := func(ctx context.Context) error { return op() }
	_ = retrywrap.Retry(ctx, op, backoff5.WithMaxElapsedTime(0)) // want `backoff.WithMaxElapsedTime\(0\) removes the only limit`
	_ = retrywrap.Retry(ctx, op, backoff5.WithMaxElapsedTime(0), backoff5.WithMaxTries(5))
	_ = retrywrap.Retry(ctx, op)
	tctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	_ = retrywrap.Retry(tctx, op, backoff5.WithMaxElapsedTime(0))
	_ = retrywrap.Do(ctx, retry.WithMaxDuration(time.Minute, retry.NewConstant(time.Second)), f)
}
