// Package pacing holds the waits a service's clients share, used from
// package broker to check that a wait helper's stop is a bound there.
package pacing

import (
	"context"
	"time"
)

// Wait blocks for d and returns nil, or returns ctx's error once ctx is
// done.
func Wait(ctx context.Context, d time.Duration) error {
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case <-timer.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Nap blocks for d; nothing can cut it short.
func Nap(d time.Duration) error {
	time.Sleep(d)
	return nil
}

// Step returns the delay before attempt n.
func Step(n int) time.Duration {
	return time.Duration(n) * 100 * time.Millisecond
}
