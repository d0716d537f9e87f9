// want package:`waits SleepCtx`

// Package jitterdep holds delay helpers used from package nojitter, to
// check the facts that cross packages.
package jitterdep

import (
	"context"
	"math/rand/v2"
	"time"

	backoff "github.com/cenkalti/backoff/v4"
	retry "github.com/sethvargo/go-retry"
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
func SleepCtx(ctx context.Context, d time.Duration) error {
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(d):
		return nil
	}
}

// Constant returns a backoff without jitter: reported where it is built,
// and where a retry uses it.
func Constant() backoff.BackOff { // want Constant:`policy has no jitter \(a constant backoff\)`
	return backoff.NewConstantBackOff(time.Second) // want `a constant backoff has no jitter`
}

// Flat switches the jitter of an exponential backoff off.
func Flat() *backoff.ExponentialBackOff { // want Flat:`policy has no jitter \(RandomizationFactor = 0\)`
	b := backoff.NewExponentialBackOff()
	b.RandomizationFactor = 0 // want `RandomizationFactor = 0 removes the backoff's jitter`
	return b
}

// Exponential is go-retry's exponential backoff, bare: a caller may still
// wrap it in jitter, so it is reported where a retry uses it.
func Exponential() retry.Backoff { // want Exponential:`policy has no jitter and no cap on its delay \(retry.NewExponential\)`
	return retry.NewExponential(time.Second)
}

// Jittery is fine.
func Jittery() retry.Backoff {
	return retry.WithCappedDuration(time.Minute, retry.WithJitterPercent(10, retry.NewExponential(time.Second)))
}

// Default is fine: jittered and capped.
func Default() backoff.BackOff { return backoff.NewExponentialBackOff() }
