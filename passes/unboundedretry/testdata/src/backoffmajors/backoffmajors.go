// Package backoffmajors retries with cenkalti/backoff v6 and v7: Retry
// stops after 15 minutes by default, unless WithMaxElapsedTime(0) removes
// that and no WithMaxTries or context ends it.
package backoffmajors

import (
	"context"
	"time"

	backoff6 "github.com/cenkalti/backoff/v6"
	"github.com/cenkalti/backoff/v7"
)

func fetch() (string, error) { return "", nil }

// Forever removes the elapsed-time limit.
func Forever() (string, error) {
	return backoff.Retry(context.Background(), fetch, backoff.WithMaxElapsedTime(0)) // want `backoff.WithMaxElapsedTime\(0\) removes the only limit on backoff.Retry`
}

// ForeverV6 does the same on v6, through an option kept in a variable.
func ForeverV6() (string, error) {
	noLimit := backoff6.WithMaxElapsedTime(0) // want `backoff.WithMaxElapsedTime\(0\) removes the only limit`
	return backoff6.Retry(context.Background(), fetch, backoff6.WithBackOff(backoff6.NewExponentialBackOff()), noLimit)
}

// NoTries passes WithMaxTries(0), which is its default: no limit.
func NoTries() (string, error) {
	return backoff.Retry(context.Background(), fetch, backoff.WithMaxTries(0), backoff.WithMaxElapsedTime(0)) // want `backoff.WithMaxElapsedTime\(0\) removes the only limit`
}

// --- silent ---

// Tries bounds the attempts.
func Tries() (string, error) {
	return backoff.Retry(context.Background(), fetch, backoff.WithMaxElapsedTime(0), backoff.WithMaxTries(5))
}

// Deadline bounds it by the context.
func Deadline(parent context.Context) (string, error) {
	ctx, cancel := context.WithTimeout(parent, time.Minute)
	defer cancel()
	return backoff.Retry(ctx, fetch, backoff.WithMaxElapsedTime(0))
}

// Constant has no limit of its own, but Retry's 15 minutes end it.
func Constant() (string, error) {
	return backoff.Retry(context.Background(), fetch, backoff.WithBackOff(backoff.NewConstantBackOff(time.Second)))
}

// zero is built by a function: a v7 policy never stops on its own, but
// Retry's limits end it, so the function exports no fact.
func zero() backoff.BackOff {
	return &backoff.ZeroBackOff{}
}

// Zero retries through the built policy.
func Zero() (string, error) {
	return backoff.Retry(context.Background(), fetch, backoff.WithBackOff(zero()))
}

// Stopped ends the retries on a permanent error.
func Stopped() (string, error) {
	return backoff.Retry(context.Background(), func() (string, error) {
		s, err := fetch()
		if err != nil {
			return "", backoff.Permanent(err)
		}
		return s, nil
	})
}
