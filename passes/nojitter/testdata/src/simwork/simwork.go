// want package:`waits Worker.Retry Worker.RetryPaused Worker.pause Worker.process`

// Package simwork retries an operation that itself sleeps (simulated
// work, a pause before a call) and then may fail on its own: that is an
// operation, not a wait helper, and the loop's own sleep is its delay. A
// helper that only waits, and returns an error only when it is told to
// stop (a closed flag, the context), stays a wait helper.
package simwork

import (
	"context"
	"errors"
	"math/rand/v2"
	"time"
)

type Record struct{}

type Worker struct{ closed bool }

// process simulates load, and fails one time in two.
func (w *Worker) process(r *Record) error {
	time.Sleep(time.Second)
	if rand.IntN(100)%2 != 0 {
		return errors.New("failed to process record")
	}
	return nil
}

// Retry waits 2 s, 4 s, 6 s between attempts, with no random part.
func (w *Worker) Retry(r *Record) error {
	var err error
	for i := 1; i <= 3; i++ {
		if err = w.process(r); err != nil {
			time.Sleep(time.Duration(i*2) * time.Second) // want `retry delay has no jitter`
		} else {
			return nil
		}
	}
	return err
}

var errClosed = errors.New("worker closed")

// pause waits d, or less when the worker closes or ctx ends.
func (w *Worker) pause(ctx context.Context, d time.Duration) error {
	if w.closed {
		return errClosed
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// RetryPaused waits through pause, jittered: no report.
func (w *Worker) RetryPaused(ctx context.Context, r *Record) error {
	for i := 0; i < 3; i++ {
		if err := w.process(r); err == nil {
			return nil
		}
		d := time.Second/2 + rand.N(time.Second/2)
		if err := w.pause(ctx, d); err != nil {
			return err
		}
	}
	return errors.New("gave up")
}
