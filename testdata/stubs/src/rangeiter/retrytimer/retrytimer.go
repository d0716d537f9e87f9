// Package retrytimer hands out attempt numbers for the clients' retry loops.
package retrytimer

import (
	"context"
	"iter"
	"math/rand/v2"
	"time"
)

// Attempts yields up to max attempt numbers, waiting a capped exponential
// delay with full jitter between them, and stops when ctx is done.
func Attempts(ctx context.Context, max int, unit, ceiling time.Duration) iter.Seq[int] {
	delay := func(n int) time.Duration {
		d := unit << n
		if d > ceiling {
			d = ceiling
		}
		return rand.N(d)
	}
	return func(yield func(int) bool) {
		for i := range max {
			if !yield(i) {
				return
			}
			select {
			case <-ctx.Done():
				return
			case <-time.After(delay(i)):
			}
		}
	}
}

// Every yields attempt numbers for ever, waiting exactly d between them.
func Every(d time.Duration) func(yield func(int) bool) {
	return func(yield func(int) bool) {
		for i := 0; ; i++ {
			if !yield(i) {
				return
			}
			time.Sleep(d)
		}
	}
}

// Pages yields page numbers without waiting: it walks a listing.
func Pages(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := range n {
			if !yield(i) {
				return
			}
		}
	}
}
