package unboundedhelper

import (
	"time"

	backoff "github.com/cenkalti/backoff/v4"
	retry "github.com/sethvargo/go-retry"
)

// Forever is an unbounded user-defined retry helper: reported once, here.
func Forever(op func() error) {
	for { // want `retry loop can run forever`
		if err := op(); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

// NeverStops returns a backoff that retries forever: reported where a
// retry uses it without adding a limit.
func NeverStops() backoff.BackOff { // want NeverStops:`never stops: MaxElapsedTime = 0`
	b := backoff.NewExponentialBackOff()
	b.MaxElapsedTime = 0
	return b
}

// Wraps hands back another constructor's policy.
func Wraps() backoff.BackOff { return NeverStops() } // want Wraps:`never stops: MaxElapsedTime = 0`

func Fib() retry.Backoff { // want Fib:`never stops: retry.NewFibonacci with no limit`
	return retry.NewFibonacci(time.Second)
}

func Bounded() backoff.BackOff {
	return backoff.WithMaxRetries(backoff.NewConstantBackOff(time.Second), 3)
}

// Either is bounded on one path: not judged a constructor that never stops.
func Either(limit bool) backoff.BackOff {
	if limit {
		return backoff.WithMaxRetries(backoff.NewConstantBackOff(time.Second), 3)
	}
	return backoff.NewConstantBackOff(time.Second)
}

// Passes returns what it was given: nothing to judge.
func Passes(b backoff.BackOff) backoff.BackOff { return b }
