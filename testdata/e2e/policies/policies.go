// Package policies builds the retry policies the rest of the module uses:
// what is wrong with them is reported where they are built, or used.
package policies

import (
	"time"

	backoff "github.com/cenkalti/backoff/v4"
	retry "github.com/sethvargo/go-retry"
)

// Forever never gives up.
func Forever() backoff.BackOff {
	b := backoff.NewExponentialBackOff()
	b.MaxElapsedTime = 0
	return b
}

// Steady waits a second between attempts, forever and in lockstep.
func Steady() backoff.BackOff {
	return backoff.NewConstantBackOff(time.Second)
}

// Exponential is go-retry's exponential backoff with nothing around it.
func Exponential() retry.Backoff {
	return retry.NewExponential(100 * time.Millisecond)
}

// Default is jittered, capped and stops after 15 minutes.
func Default() backoff.BackOff {
	return backoff.NewExponentialBackOff()
}
