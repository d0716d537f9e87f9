// Package backoffmajors retries with cenkalti/backoff v6 and v7, whose
// Retry takes its policy through WithBackOff as v5's does.
package backoffmajors

import (
	"context"
	"time"

	backoff6 "github.com/cenkalti/backoff/v6"
	"github.com/cenkalti/backoff/v7"
)

func fetch() (string, error) { return "", nil }

// Steady waits a fixed second: every client waits the same.
func Steady(ctx context.Context) (string, error) {
	return backoff.Retry(ctx, fetch, backoff.WithBackOff(backoff.NewConstantBackOff(time.Second))) // want `a constant backoff has no jitter`
}

// Hot does not wait at all.
func Hot(ctx context.Context) (string, error) {
	return backoff.Retry(ctx, fetch, backoff.WithBackOff(&backoff.ZeroBackOff{}), backoff.WithMaxTries(5)) // want `backoff.ZeroBackOff retries at once`
}

// Flat switches the jitter off after building the default backoff.
func Flat(ctx context.Context) (string, error) {
	b := backoff6.NewExponentialBackOff()
	b.RandomizationFactor = 0 // want `RandomizationFactor = 0 removes the backoff's jitter`
	return backoff6.Retry(ctx, fetch, backoff6.WithBackOff(b))
}

// Literal builds the exponential backoff by hand and forgets the factor.
func Literal(ctx context.Context) (string, error) {
	b := &backoff.ExponentialBackOff{InitialInterval: time.Second, Multiplier: 2, MaxInterval: time.Minute} // want `backoff.ExponentialBackOff literal leaves RandomizationFactor at 0`
	return backoff.Retry(ctx, fetch, backoff.WithBackOff(b))
}

// Poller keeps a constant backoff for its polls.
type Poller struct{ b backoff.BackOff }

func NewPoller() *Poller { return &Poller{b: backoff.NewConstantBackOff(time.Second)} } // want `a constant backoff has no jitter`

func (p *Poller) Poll(ctx context.Context) (string, error) {
	return backoff.Retry(ctx, fetch, backoff.WithBackOff(p.b)) // reported where it is built
}

// --- silent ---

// Default is jittered and capped.
func Default(ctx context.Context) (string, error) {
	return backoff.Retry(ctx, fetch, backoff.WithMaxTries(5))
}

// Tuned keeps the default factor.
func Tuned(ctx context.Context) (string, error) {
	b := backoff6.NewExponentialBackOff()
	b.InitialInterval = 100 * time.Millisecond
	b.MaxInterval = 10 * time.Second
	return backoff6.Retry(ctx, fetch, backoff6.WithBackOff(b), backoff6.WithMaxElapsedTime(time.Minute))
}

// Spread sets a factor in the literal.
func Spread(ctx context.Context) (string, error) {
	b := &backoff.ExponentialBackOff{InitialInterval: time.Second, RandomizationFactor: 0.5, Multiplier: 2, MaxInterval: time.Minute}
	return backoff.Retry(ctx, fetch, backoff.WithBackOff(b))
}
