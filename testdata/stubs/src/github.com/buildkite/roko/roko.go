// Package roko is a stub of github.com/buildkite/roko: its API, with a
// retry loop shaped like the real one.
package roko

import (
	"context"
	"math/rand"
	"time"
)

type Strategy func(*Retrier) time.Duration

type RetrierOpt func(*Retrier)

type Retrier struct {
	maxAttempts, attemptCount  int
	forever, jitter, breakNext bool
	interval, nextInterval     time.Duration
}

func Constant(interval time.Duration) (Strategy, string) {
	return func(r *Retrier) time.Duration { return interval + r.Jitter() }, "constant"
}

func Exponential(base, adjustment time.Duration) (Strategy, string) {
	return func(r *Retrier) time.Duration { return base<<r.attemptCount + adjustment + r.Jitter() }, "exponential"
}

func ExponentialSubsecond(initial time.Duration) (Strategy, string) {
	return func(r *Retrier) time.Duration { return initial<<r.attemptCount + r.Jitter() }, "exponential"
}

func WithMaxAttempts(n int) RetrierOpt { return func(r *Retrier) { r.maxAttempts = n } }

func WithStrategy(s Strategy, kind string) RetrierOpt { return func(r *Retrier) {} }

func WithJitter() RetrierOpt { return func(r *Retrier) { r.jitter = true } }

func WithJitterRange(min, max time.Duration) RetrierOpt { return func(r *Retrier) { r.jitter = true } }

func TryForever() RetrierOpt { return func(r *Retrier) { r.forever = true } }

func WithSleepFunc(f func(time.Duration)) RetrierOpt { return func(r *Retrier) {} }

func NewRetrier(opts ...RetrierOpt) *Retrier {
	r := &Retrier{}
	for _, o := range opts {
		o(r)
	}
	return r
}

func (r *Retrier) Jitter() time.Duration {
	if !r.jitter {
		return 0
	}
	return time.Duration(rand.Int63n(int64(time.Second)))
}

func (r *Retrier) Break()                          { r.breakNext = true }
func (r *Retrier) SetNextInterval(d time.Duration) { r.nextInterval = d }
func (r *Retrier) AttemptCount() int               { return r.attemptCount }

func (r *Retrier) ShouldGiveUp() bool {
	return r.breakNext || !r.forever && r.attemptCount >= r.maxAttempts
}

func (r *Retrier) Do(callback func(*Retrier) error) error {
	return r.DoWithContext(context.Background(), callback)
}

func (r *Retrier) DoWithContext(ctx context.Context, callback func(*Retrier) error) error {
	for {
		err := callback(r)
		if err == nil {
			return nil
		}
		r.attemptCount++
		if r.ShouldGiveUp() {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(r.nextInterval):
		}
	}
}

func DoFunc[T any](ctx context.Context, r *Retrier, callback func(*Retrier) (T, error)) (T, error) {
	var t T
	err := r.DoWithContext(ctx, func(rt *Retrier) error {
		var err error
		t, err = callback(rt)
		return err
	})
	return t, err
}
