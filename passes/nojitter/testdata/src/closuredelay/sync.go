// want package:`waits Syncer.Push Syncer.PushFixed Syncer.PushJittered Syncer.PushScaled`

// Package closuredelay computes its retry delays in function literals kept
// in local variables.
package closuredelay

import (
	"context"
	"errors"
	"math/rand"
	"time"
)

// Syncer pushes inventory to a partner.
type Syncer struct {
	push func(ctx context.Context) error
}

var errGone = errors.New("gone")

// Push waits a delay computed by a closure that grows with the attempt,
// with nothing random in it.
func (s *Syncer) Push(ctx context.Context) error {
	delay := func(n int) time.Duration { return time.Duration(n) * 500 * time.Millisecond }
	var err error
	for attempt := 1; attempt <= 4; attempt++ {
		if err = s.push(ctx); err == nil {
			return nil
		}
		time.Sleep(delay(attempt)) // want `retry delay has no jitter`
	}
	return err
}

// PushFixed waits a constant delay a closure returns.
func (s *Syncer) PushFixed(ctx context.Context) error {
	pause := func() time.Duration { return 2 * time.Second }
	var err error
	for range 3 {
		if err = s.push(ctx); err == nil {
			return nil
		}
		time.Sleep(pause()) // want `retry delay has no jitter`
	}
	return err
}

// PushJittered's closure caps the delay and adds a random part.
func (s *Syncer) PushJittered(ctx context.Context) error {
	delay := func(n int) time.Duration {
		d := min(time.Duration(n)*time.Second, 10*time.Second)
		return d/2 + time.Duration(rand.Int63n(int64(d/2)+1))
	}
	var err error
	for attempt := 1; attempt <= 4; attempt++ {
		if err = s.push(ctx); err == nil {
			return nil
		}
		time.Sleep(delay(attempt))
	}
	return err
}

// PushScaled's closure scales a base its caller chose: what the base is
// cannot be seen from here, so the delay is not judged.
func (s *Syncer) PushScaled(ctx context.Context, base time.Duration) error {
	delay := func(n int) time.Duration { return base * time.Duration(n) }
	var err error
	for attempt := 1; attempt <= 4; attempt++ {
		if err = s.push(ctx); err == nil {
			return nil
		}
		time.Sleep(delay(attempt))
	}
	return err
}
