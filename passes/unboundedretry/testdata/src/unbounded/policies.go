package unbounded

import (
	"context"
	"time"

	retrygo "github.com/avast/retry-go/v4"
	backoff "github.com/cenkalti/backoff/v4"
	backoff5 "github.com/cenkalti/backoff/v5"
	retry "github.com/sethvargo/go-retry"

	"unboundedhelper"
)

func retryGo(ctx context.Context) {
	_ = retrygo.Do(op, retrygo.Attempts(0))      // want `retry.Attempts\(0\) retries until success and no retry.Context can stop it`
	_ = retrygo.Do(op, retrygo.UntilSucceeded()) // want `retry.UntilSucceeded\(\) retries until success`
	_ = retrygo.Do(op)                           // default: 10 attempts
	_ = retrygo.Do(op, retrygo.Attempts(3))      // bounded
	_ = retrygo.Do(op, retrygo.Attempts(0), retrygo.Context(ctx))
	opts := retrygo.UntilSucceeded() // want `retry.UntilSucceeded\(\) retries until success`
	_ = retrygo.Do(op, opts)
}

func sethvargo(ctx context.Context) {
	f := func(ctx context.Context) error { return op() }
	_ = retry.Do(ctx, retry.NewExponential(time.Second), f) // want `retry.NewExponential never stops on its own`
	b := retry.NewFibonacci(time.Second)                    // want `retry.NewFibonacci never stops on its own`
	b = retry.WithJitter(time.Millisecond, b)
	_ = retry.Do(ctx, b, f)
	_ = retry.Constant(ctx, time.Second, f) // want `retry.Constant retries forever`

	_ = retry.Do(ctx, retry.WithMaxRetries(3, retry.NewExponential(time.Second)), f)
	capped := retry.WithMaxDuration(time.Minute, retry.NewConstant(time.Second))
	_ = retry.Do(ctx, capped, f)

	tctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	_ = retry.Do(tctx, retry.NewExponential(time.Second), f)
}

func sethvargoFromParam(ctx context.Context, b retry.Backoff) {
	_ = retry.Do(ctx, b, func(ctx context.Context) error { return op() }) // cannot see the policy
}

func cenkaltiV4(ctx context.Context) {
	b := backoff.NewExponentialBackOff() // want `MaxElapsedTime = 0 makes this backoff retry forever`
	b.MaxElapsedTime = 0
	_ = backoff.Retry(op, b)

	// The setting among the options of a constructor written over
	// several lines: reported at the constructor, the expression that
	// builds the policy.
	long := backoff.NewExponentialBackOff( // want `WithMaxElapsedTime\(0\) makes this backoff retry forever`
		backoff.WithInitialInterval(time.Second),
		backoff.WithMaxInterval(time.Minute),
		backoff.WithMaxElapsedTime(0))
	_ = backoff.Retry(op, long)

	_ = backoff.Retry(op, backoff.NewConstantBackOff(time.Second))                      // want `a constant backoff never stops`
	_ = backoff.Retry(op, &backoff.ZeroBackOff{})                                       // want `backoff.ZeroBackOff never stops`
	_ = backoff.Retry(op, backoff.NewExponentialBackOff(backoff.WithMaxElapsedTime(0))) // want `WithMaxElapsedTime\(0\) makes this backoff retry forever`

	_ = backoff.Retry(op, backoff.NewExponentialBackOff())
	_ = backoff.Retry(op, backoff.WithMaxRetries(backoff.NewConstantBackOff(time.Second), 3))
	c := backoff.NewExponentialBackOff()
	c.MaxElapsedTime = 0
	_ = backoff.Retry(op, backoff.WithContext(c, ctx))
}

func cenkaltiV5(ctx context.Context) {
	o := func() (int, error) { return 0, op() }
	_, _ = backoff5.Retry(ctx, o, backoff5.WithMaxElapsedTime(0)) // want `backoff.WithMaxElapsedTime\(0\) removes the only limit`
	_, _ = backoff5.Retry(ctx, o)
	_, _ = backoff5.Retry(ctx, o, backoff5.WithMaxElapsedTime(0), backoff5.WithMaxTries(5))
}

// Policies built by constructors, here and in another package.
func fromConstructors(ctx context.Context) {
	f := func(ctx context.Context) error { return op() }
	_ = backoff.Retry(op, unboundedhelper.NeverStops()) // want `the policy from unboundedhelper.NeverStops\(\) never stops \(MaxElapsedTime = 0\), so this retry can run forever; wrap it in backoff.WithMaxRetries\(b, 3\) or backoff.WithContext\(b, ctx\)`
	b := unboundedhelper.Wraps()
	_ = backoff.Retry(op, b)                         // want `the policy from unboundedhelper.Wraps\(\) never stops`
	_ = retry.Do(ctx, unboundedhelper.Fib(), f)      // want `the policy from unboundedhelper.Fib\(\) never stops \(retry.NewFibonacci with no limit\)`
	_ = backoff.RetryNotify(op, localForever(), nil) // want `the policy from localForever\(\) never stops \(a constant backoff\)`
	_ = backoff.Retry(op, backoff.WithContext(unboundedhelper.NeverStops(), ctx))
	_ = backoff.Retry(op, backoff.WithMaxRetries(b, 5))
	_ = retry.Do(ctx, retry.WithMaxRetries(3, unboundedhelper.Fib()), f)
	_ = backoff.Retry(op, unboundedhelper.Bounded())
	_ = backoff.Retry(op, unboundedhelper.Either(false))
	_ = backoff.Retry(op, unboundedhelper.Passes(b))
}

func localForever() backoff.BackOff { // want localForever:`never stops: a constant backoff`
	return backoff.NewConstantBackOff(time.Second)
}

// Policies kept in struct fields, judged by what the package stores there.
type fieldClient struct {
	b, ok, param backoff.BackOff
}

func newFieldClient(p backoff.BackOff) *fieldClient {
	c := &fieldClient{b: backoff.NewConstantBackOff(time.Second), param: p} // want `a constant backoff never stops`
	c.ok = backoff.WithMaxRetries(backoff.NewConstantBackOff(time.Second), 3)
	return c
}

func (c *fieldClient) do(ctx context.Context) {
	_ = backoff.Retry(op, c.b) // reported where it is built
	_ = backoff.Retry(op, c.b) // once
	_ = backoff.Retry(op, c.ok)
	_ = backoff.Retry(op, c.param) // set from a parameter: not judged
	_ = backoff.Retry(op, backoff.WithContext(c.b, ctx))
}
