// Package retryx is a program's own retry helper whose only bound is the
// context its caller hands it.
package retryx

import (
	"context"
	"errors"
	"time"
)

// Until retries op until it succeeds or ctx is done.
func Until[T any](ctx context.Context, op func() (T, error), next func(error) time.Duration) (T, error) {
	var timer *time.Timer
	for {
		res, err := op()
		if err == nil {
			return res, nil
		}
		d := next(err)
		if timer == nil {
			timer = time.NewTimer(d)
		} else {
			timer.Reset(d)
		}
		select {
		case <-ctx.Done():
			return res, errors.Join(ctx.Err(), err)
		case <-timer.C:
		}
	}
}

// Counted retries op at most n times, and stops early when ctx is done:
// its bound is the count, whatever context it is given.
func Counted(ctx context.Context, n int, op func() error) error {
	var err error
	for i := 0; i < n; i++ {
		if err = op(); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return err
}

// Within retries op until ctx is done or a minute has passed.
func Within(ctx context.Context, op func() error) error {
	start := time.Now()
	for time.Since(start) < time.Minute {
		if err := op(); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return errors.New("gave up")
}
