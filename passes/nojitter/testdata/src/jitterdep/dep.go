// Package jitterdep holds delay helpers used from package nojitter, to
// check the facts that cross packages.
package jitterdep

import (
	"context"
	"math/rand/v2"
	"time"
)

// Jittered returns a capped, jittered delay.
func Jittered(attempt int) time.Duration { // want Jittered:`delay\(random=true\ capped=true\ grows=true\)`
	d := min(100*time.Millisecond<<attempt, 10*time.Second)
	return d/2 + rand.N(d/2)
}

// Doubling returns an uncapped delay without jitter.
func Doubling(attempt int) time.Duration { // want Doubling:`delay\(random=false\ capped=false\ grows=true\)`
	return 100 * time.Millisecond << attempt
}

// SleepCtx waits for d or until ctx is done.
func SleepCtx(ctx context.Context, d time.Duration) error { // want SleepCtx:`waits`
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(d):
		return nil
	}
}
