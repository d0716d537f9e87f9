package unbounded

import (
	"context"
	"time"

	retrygo "github.com/avast/retry-go/v4"
	backoff "github.com/cenkalti/backoff/v4"
	retry "github.com/sethvargo/go-retry"
)

// Policies built by methods of a client, and kept as literals.
type resubscriber struct {
	base time.Duration
}

func (r *resubscriber) forever() backoff.BackOff { // want forever:`never stops: MaxElapsedTime = 0`
	b := backoff.NewExponentialBackOff()
	b.InitialInterval = r.base
	b.MaxElapsedTime = 0
	return b
}

func (r *resubscriber) bounded() backoff.BackOff {
	b := backoff.NewExponentialBackOff()
	b.MaxElapsedTime = 0
	return backoff.WithMaxRetries(b, 8)
}

// literal keeps MaxElapsedTime: 0 in a struct literal.
func (r *resubscriber) literal() *backoff.ExponentialBackOff { // want literal:`never stops: MaxElapsedTime: 0`
	return &backoff.ExponentialBackOff{InitialInterval: r.base, RandomizationFactor: 0.5, Multiplier: 2, MaxInterval: time.Minute, MaxElapsedTime: 0}
}

// limited sets a limit after the literal.
func (r *resubscriber) limited() *backoff.ExponentialBackOff {
	b := &backoff.ExponentialBackOff{InitialInterval: r.base, RandomizationFactor: 0.5, Multiplier: 2, MaxInterval: time.Minute, MaxElapsedTime: 0}
	b.MaxElapsedTime = time.Minute
	return b
}

// capped wraps the bare go-retry backoff in a limit.
func (r *resubscriber) capped() retry.Backoff {
	return retry.WithMaxRetries(5, retry.WithJitterPercent(10, retry.NewExponential(r.base)))
}

func (r *resubscriber) run(ctx context.Context) {
	f := func(ctx context.Context) error { return op() }
	_ = backoff.Retry(op, r.forever()) // want `the policy from r.forever\(\) never stops \(MaxElapsedTime = 0\)`
	_ = backoff.Retry(op, r.literal()) // want `the policy from r.literal\(\) never stops \(MaxElapsedTime: 0\)`
	_ = backoff.Retry(op, backoff.WithContext(r.forever(), ctx))
	_ = backoff.Retry(op, r.bounded())
	_ = backoff.Retry(op, r.limited())
	_ = retry.Do(ctx, r.capped(), f)
	_ = retrygo.Do(op, r.options()...)
}

// options is bounded by its default of 10 attempts.
func (r *resubscriber) options() []retrygo.Option {
	return []retrygo.Option{retrygo.Delay(r.base)}
}
