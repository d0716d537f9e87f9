package nojitter

import (
	"context"
	"time"

	retrygo "github.com/avast/retry-go/v4"
	backoff "github.com/cenkalti/backoff/v4"
	backoffv5 "github.com/cenkalti/backoff/v5"
	retry "github.com/sethvargo/go-retry"

	"policydep"
	"retrywrap"
)

// Uses of the shared policies: those reported where they are built are
// not reported again here.
func sharedPolicies(ctx context.Context, c policydep.Config) {
	f := func(ctx context.Context) error { return op() }
	_ = backoff.Retry(op, policydep.Literal(c))
	_, _ = backoffv5.Retry(ctx, func() (int, error) { return 0, op() }, policydep.Steady(time.Second)...)
	_ = retrygo.Do(op, policydep.FixedRetry(3, time.Second)...)
	_ = retrygo.Do(op, policydep.Exponential(3)...)
	_ = backoff.Retry(op, policydep.Jittered())
	_ = retrygo.Do(op, policydep.JitteredRetry(3)...)
	_ = retry.Do(ctx, retry.WithCappedDuration(time.Minute, retry.WithJitterPercent(10, policydep.Bounded(time.Second))), f)
	_ = retry.Do(ctx, policydep.Bounded(time.Second), f) // want `the policy from policydep.Bounded\(\) has no jitter and no cap on its delay \(retry.NewExponential\); fix it where it is built`
}

// Policies handed to a wrapper that forwards them to the library.
func forwarded(ctx context.Context) {
	f := func(ctx context.Context) error { return op() }
	_ = retrywrap.Retry(ctx, op, backoffv5.WithBackOff(backoffv5.NewConstantBackOff(time.Second)), backoffv5.WithMaxTries(3)) // want `a constant backoff has no jitter`
	_ = retrywrap.Retry(ctx, op, backoffv5.WithMaxTries(3))
	_ = retrywrap.Do(ctx, retry.WithMaxRetries(3, retry.WithJitterPercent(10, retry.NewExponential(time.Second))), f) // want `retry.NewExponential grows without a cap`
	_ = retrywrap.Do(ctx, retry.WithMaxRetries(3, retry.WithCappedDuration(time.Minute, retry.WithJitterPercent(10, retry.NewExponential(time.Second)))), f)
}

// floodClient waits until the server's flood-protection delay has passed
// before every request.
type floodClient struct {
	until time.Time
}

func (c *floodClient) send() error {
	time.Sleep(time.Until(c.until))
	return op()
}

// An operation that waits before each attempt is paced: a policy without a
// delay of its own is not a hot retry.
func pacedByTheOperation(ctx context.Context, c *floodClient) {
	_ = backoff.Retry(c.send, &backoff.ZeroBackOff{})
	_ = backoff.Retry(func() error { return c.send() }, backoff.WithMaxRetries(&backoff.ZeroBackOff{}, 3))
	_ = backoff.Retry(op, backoff.WithMaxRetries(&backoff.ZeroBackOff{}, 3)) // want `backoff.ZeroBackOff retries at once`
}
