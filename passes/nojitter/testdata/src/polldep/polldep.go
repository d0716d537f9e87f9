// want package:`waits Client.Refresh Client.Retry Every For ForJittered Pause`

// Package polldep holds exported poll and retry helpers of a service's
// internal packages: the delay they wait is a parameter their callers fill
// in, mostly from other packages.
package polldep

import (
	"context"
	"errors"
	"math/rand/v2"
	"time"
)

// For polls f once every interval, up to timeout. It adds no random part
// to the interval it is given: every caller polls in lock-step.
func For(timeout, interval time.Duration, f func() (bool, error)) error { // want For:`retries at once when parameter 1 is 0`
	var lastErr error
	deadline := time.After(timeout)
	for {
		select {
		case <-deadline:
			if lastErr == nil {
				return errors.New("time limit exceeded")
			}
			return lastErr
		default:
		}
		stop, err := f()
		if stop {
			return err
		}
		if err != nil {
			lastErr = err
		}
		time.Sleep(interval) // want `retry delay has no jitter`
	}
}

// ForJittered adds the random part itself.
func ForJittered(timeout, interval time.Duration, f func() (bool, error)) error {
	deadline := time.Now().Add(timeout)
	for time.Now().Before(deadline) {
		stop, err := f()
		if stop {
			return err
		}
		time.Sleep(interval/2 + rand.N(interval/2))
	}
	return errors.New("time limit exceeded")
}

// Client retries calls to a dependency.
type Client struct {
	Attempts int
}

// Retry runs op until it succeeds, waiting delay between attempts. The
// only caller in sight jitters the delay it passes.
func (c *Client) Retry(ctx context.Context, delay time.Duration, op func(context.Context) error) error { // want Retry:`retries at once when parameter 1 is 0`
	var err error
	for i := 0; i < c.Attempts; i++ {
		if err = op(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(delay):
		}
	}
	return err
}

// Refresh calls Retry with a jittered delay.
func (c *Client) Refresh(ctx context.Context, op func(context.Context) error) error {
	return c.Retry(ctx, time.Second+rand.N(time.Second), op)
}

// Every is a schedule: it runs f every interval, whatever f returns.
func Every(ctx context.Context, interval time.Duration, f func(context.Context) error) {
	for ctx.Err() == nil {
		_ = f(ctx)
		time.Sleep(interval)
	}
}

// Grow is a quadratic backoff capped at hi, with no random part.
func Grow(attempt int, lo, hi time.Duration) time.Duration { // want Grow:`delay\(random=false capped=true grows=true\)`
	d := time.Duration(attempt*attempt) * lo
	if d > hi {
		d = hi
	}
	return d
}

// Pause waits d or until ctx is done.
func Pause(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	}
}
