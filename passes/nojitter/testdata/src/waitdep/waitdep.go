// want package:`waits Pause Sleep SleepJittered`

// Package waitdep holds the timing helpers a service's clients share:
// context-aware sleeps and delay computations, used from package waitsvc
// to check that waits and delays are followed across packages.
package waitdep

import (
	"context"
	"math/rand/v2"
	"time"
)

// Sleep blocks for d, or until ctx is done.
func Sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// SleepJittered blocks for a random duration in [d/2, d).
func SleepJittered(ctx context.Context, d time.Duration) error {
	if d > 1 {
		d = d/2 + rand.N(d/2)
	}
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(d):
		return nil
	}
}

// Pause sleeps for d unless stop is closed first; it reports whether the
// whole pause elapsed.
func Pause(d time.Duration, stop <-chan struct{}) bool {
	select {
	case <-stop:
		return false
	case <-time.After(d):
		return true
	}
}

// Quadratic returns attempt² × unit, limited to max: capped, no jitter.
func Quadratic(attempt int, unit, max time.Duration) time.Duration { // want Quadratic:`delay\(random=false capped=true grows=true\)`
	d := time.Duration(attempt*attempt) * unit
	if d > max {
		d = max
	}
	return d
}

// Spread returns a capped exponential delay less a random quarter of it.
func Spread(attempt int) time.Duration { // want Spread:`delay\(random=true capped=true grows=true\)`
	d := min(50*time.Millisecond<<attempt, 8*time.Second)
	return d - time.Duration(rand.Int64N(int64(d/4)+1))
}

// Ladder is a backoff counter: each Next doubles the delay, up to Max.
type Ladder struct {
	Base, Max time.Duration
	steps     int
}

// Next returns the delay before the next attempt.
func (l *Ladder) Next() time.Duration { // want Next:`delay\(random=false capped=true grows=true\)`
	d := l.Base << l.steps
	l.steps++
	if d > l.Max || d <= 0 {
		d = l.Max
	}
	return d
}

// Reset starts the ladder again.
func (l *Ladder) Reset() { l.steps = 0 }
