// want package:`waits Constant Jittered Stored`

// Package rokoretry builds buildkite/roko retriers: one without
// WithJitter waits the strategy's interval exactly.
package rokoretry

import (
	"context"
	"time"

	"github.com/buildkite/roko"
)

func connect(ctx context.Context) error { return nil }

// Constant waits 5s between attempts, the same for every client.
func Constant(ctx context.Context) error {
	return roko.NewRetrier( // want `roko.NewRetrier without roko.WithJitter\(\)`
		roko.WithMaxAttempts(10),
		roko.WithStrategy(roko.Constant(5*time.Second)),
	).DoWithContext(ctx, func(r *roko.Retrier) error {
		return connect(ctx)
	})
}

// Jittered adds up to a second to each wait: silent.
func Jittered(ctx context.Context) error {
	r := roko.NewRetrier(
		roko.WithMaxAttempts(10),
		roko.WithStrategy(roko.ExponentialSubsecond(2*time.Second)),
		roko.WithJitter(),
	)
	return r.DoWithContext(ctx, func(r *roko.Retrier) error {
		return connect(ctx)
	})
}

// Stored builds the retrier in a variable and hands it to DoFunc.
func Stored(ctx context.Context) (int, error) {
	r := roko.NewRetrier(roko.WithMaxAttempts(3), roko.WithStrategy(roko.ExponentialSubsecond(500*time.Millisecond))) // want `roko.NewRetrier without roko.WithJitter\(\)`
	return roko.DoFunc(ctx, r, func(r *roko.Retrier) (int, error) {
		return 1, connect(ctx)
	})
}
