// want package:`waits WithFloor WithRetries WithRetriesContext Writes`

// Package zerodelay has retry helpers that wait for the delay their
// callers give: a caller that gives 0 retries at once.
package zerodelay

import (
	"context"
	"time"
)

// WithRetries hands its delay on to WithRetriesContext.
func WithRetries(maxRetries int, sleep time.Duration, f func() error) error { // want WithRetries:`retries at once when parameter 1 is 0`
	return WithRetriesContext(context.Background(), maxRetries, sleep, f)
}

// WithRetriesContext waits for sleep, as given, between attempts.
func WithRetriesContext(ctx context.Context, maxRetries int, sleep time.Duration, f func() error) (err error) { // want WithRetriesContext:`retries at once when parameter 2 is 0`
	for try := 1; ; try++ {
		if err = f(); err == nil {
			return nil
		}
		if try >= maxRetries || ctx.Err() != nil {
			return err
		}
		time.Sleep(sleep) // want `retry delay has no jitter`
	}
}

// WithFloor never waits less than a second: 0 is not a hot loop.
func WithFloor(maxRetries int, sleep time.Duration, f func() error) (err error) {
	if sleep <= 0 {
		sleep = time.Second
	}
	for try := 1; ; try++ {
		if err = f(); err == nil {
			return nil
		}
		if try >= maxRetries {
			return err
		}
		time.Sleep(sleep) // want `retry delay has no jitter`
	}
}

func write() error { return nil }

func Writes() {
	_ = WithRetries(5, 0, write)                              // want `WithRetries is given no delay \(0\) and retries at once`
	_ = WithRetriesContext(context.Background(), 5, 0, write) // want `WithRetriesContext is given no delay \(0\) and retries at once`
	_ = WithRetries(5, 100*time.Millisecond, write)           // a delay: judged at the helper's wait
	_ = WithFloor(5, 0, write)                                // the helper waits a second at least
}
