// want package:`waits Retry RetryClamped RetryFew RetryReset RetryUnreset`

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

// backoffFor doubles from a second and starts over after reset rounds,
// with ±10% jitter: math.Pow of a remainder is capped.
func backoffFor(attempt, reset int) time.Duration { // want backoffFor:`delay\(random=true capped=true grows=true\)`
	secs := math.Pow(2, float64((attempt-1)%reset))
	secs += secs * (rand.Float64()*0.2 - 0.1)
	return time.Duration(secs * float64(time.Second))
}

func RetryReset(ctx context.Context, do func() error) error {
	for attempt := 1; ; attempt++ {
		if err := do(); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(backoffFor(attempt, 7)):
		}
	}
}

// backoffUnreset doubles without end.
func backoffUnreset(attempt int) time.Duration { // want backoffUnreset:`delay\(random=true capped=false grows=true\)`
	secs := math.Pow(2, float64(attempt-1))
	secs += secs * (rand.Float64()*0.2 - 0.1)
	return time.Duration(secs * float64(time.Second))
}

func RetryUnreset(ctx context.Context, do func() error) error {
	for attempt := 1; ; attempt++ {
		if err := do(); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(backoffUnreset(attempt)): // want `retry delay grows without a cap`
		}
	}
}
