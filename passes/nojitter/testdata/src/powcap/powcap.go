// want package:`waits Retry RetryClamped RetryFew`

// Package powcap retries a fetch with a delay of base^attempt plus up to
// a second of jitter. The attempts are a setting: the delay is limited
// only by how many rounds the caller allows, never clamped, so it grows
// without a cap. Clamped with min, or over a constant handful of rounds,
// the same growth is capped.
package powcap

import (
	"context"
	"math"
	"math/rand/v2"
	"time"
)

func Retry(ctx context.Context, attempts int, base time.Duration, do func() error) error {
	var lastErr error
	for i := range attempts {
		if i > 0 {
			wait := time.Duration(math.Pow(base.Seconds(), float64(i))) * time.Second
			wait += time.Duration(rand.Int64N(1000)) * time.Millisecond
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(wait): // want `retry delay grows without a cap`
			}
		}
		if lastErr = do(); lastErr == nil {
			return nil
		}
	}
	return lastErr
}

func RetryClamped(ctx context.Context, attempts int, base time.Duration, do func() error) error {
	var lastErr error
	for i := range attempts {
		if i > 0 {
			wait := min(time.Duration(math.Pow(base.Seconds(), float64(i)))*time.Second, time.Minute)
			wait += time.Duration(rand.Int64N(1000)) * time.Millisecond
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(wait):
			}
		}
		if lastErr = do(); lastErr == nil {
			return nil
		}
	}
	return lastErr
}

func RetryFew(do func() error) error {
	var lastErr error
	for i := range 4 {
		if lastErr = do(); lastErr == nil {
			return nil
		}
		time.Sleep(time.Second<<i + rand.N(time.Second))
	}
	return lastErr
}
