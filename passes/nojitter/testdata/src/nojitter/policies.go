package nojitter

import (
	"context"
	"time"

	retrygo "github.com/avast/retry-go/v4"
	backoff "github.com/cenkalti/backoff/v4"
	jbackoff "github.com/jpillora/backoff"
	retry "github.com/sethvargo/go-retry"
	"k8s.io/apimachinery/pkg/util/wait"
	k8sretry "k8s.io/client-go/util/retry"

	"jitterdep"
)

func policies(ctx context.Context) {
	f := func(ctx context.Context) error { return op() }
	_ = retry.Do(ctx, retry.WithMaxRetries(3, retry.NewExponential(time.Second)), f)                              // want `retry.NewExponential has no jitter and no cap on its delay`
	_ = retry.Do(ctx, retry.WithMaxRetries(3, retry.NewConstant(time.Second)), f)                                 // want `retry.NewConstant has no jitter, so clients`
	_ = retry.Do(ctx, retry.WithMaxRetries(3, retry.WithJitterPercent(10, retry.NewExponential(time.Second))), f) // want `retry.NewExponential grows without a cap`
	_ = retry.Exponential(ctx, time.Second, f)                                                                    // want `retry.Exponential waits without jitter`
	ok := retry.WithMaxRetries(3, retry.WithCappedDuration(time.Minute, retry.WithFullJitter(retry.NewExponential(time.Second))))
	_ = retry.Do(ctx, ok, f)

	_ = retrygo.Do(op, retrygo.DelayType(retrygo.FixedDelay))   // want `retry.DelayType\(retry.FixedDelay\) has no jitter`
	_ = retrygo.Do(op, retrygo.DelayType(retrygo.BackOffDelay)) // want `retry.DelayType\(retry.BackOffDelay\) has no jitter`
	_ = retrygo.Do(op)
	_ = retrygo.Do(op, retrygo.DelayType(retrygo.CombineDelay(retrygo.BackOffDelay, retrygo.RandomDelay)))

	b := backoff.NewExponentialBackOff()
	b.RandomizationFactor = 0 // want `RandomizationFactor = 0 removes the backoff's jitter`
	_ = backoff.Retry(op, b)
	_ = backoff.Retry(op, backoff.WithMaxRetries(backoff.NewConstantBackOff(time.Second), 3)) // want `a constant backoff has no jitter`
	_ = backoff.Retry(op, backoff.WithMaxRetries(&backoff.ZeroBackOff{}, 3))                  // want `backoff.ZeroBackOff retries at once`
	_ = backoff.Retry(op, backoff.NewExponentialBackOff())

	_ = wait.ExponentialBackoff(wait.Backoff{Duration: time.Second, Factor: 2, Steps: 5}, func() (bool, error) { return true, nil }) // want `wait.Backoff has no Jitter`
	_ = wait.ExponentialBackoff(wait.Backoff{Duration: time.Second, Factor: 2, Jitter: 0.1, Steps: 5}, func() (bool, error) { return true, nil })
	_ = k8sretry.RetryOnConflict(k8sretry.DefaultRetry, op)
}

func jpillora(enabled bool) {
	_ = &jbackoff.Backoff{Max: time.Minute}               // want `backoff.Backoff leaves Jitter off \(its default\)`
	_ = jbackoff.Backoff{}                                // want `backoff.Backoff leaves Jitter off`
	_ = jbackoff.Backoff{Jitter: false, Min: time.Second} // want `backoff.Backoff leaves Jitter off`
	_ = jbackoff.Backoff{Jitter: true, Max: time.Minute}
	_ = jbackoff.Backoff{Jitter: enabled}
}

// Policies built by constructors, here and in another package: reported
// where they are built when no caller can add the jitter back (a constant
// backoff, RandomizationFactor = 0, ZeroBackOff), at the use otherwise (a
// bare go-retry backoff, which the caller may wrap in jitter).
func fromConstructors(ctx context.Context) {
	f := func(ctx context.Context) error { return op() }
	_ = backoff.Retry(op, jitterdep.Constant())
	_ = backoff.Retry(op, backoff.WithMaxRetries(jitterdep.Flat(), 3))
	_ = retry.Do(ctx, retry.WithMaxRetries(3, jitterdep.Exponential()), f) // want `the policy from jitterdep.Exponential\(\) has no jitter and no cap`
	_ = backoff.Retry(op, zero())
	_ = retry.Do(ctx, retry.WithJitterPercent(10, jitterdep.Exponential()), f)
	_ = retry.Do(ctx, retry.WithMaxRetries(3, jitterdep.Jittery()), f)
	_ = backoff.Retry(op, jitterdep.Default())
}

func zero() backoff.BackOff { // want zero:`policy retries at once \(backoff.ZeroBackOff\)`
	return &backoff.ZeroBackOff{} // want `backoff.ZeroBackOff retries at once`
}

// Policies kept in struct fields, judged by what the package stores there.
type jitterClient struct {
	b, good backoff.BackOff
}

func newJitterClient() *jitterClient {
	return &jitterClient{b: backoff.NewConstantBackOff(time.Second), good: backoff.NewExponentialBackOff()} // want `a constant backoff has no jitter`
}

func (c *jitterClient) do() {
	_ = backoff.Retry(op, backoff.WithMaxRetries(c.b, 3)) // reported where it is built
	_ = backoff.Retry(op, backoff.WithMaxRetries(c.b, 5)) // and not again here
	_ = backoff.Retry(op, c.good)
}
