// Package keptpolicy keeps its backoff policies in fields and package
// variables.
package keptpolicy

import (
	"context"
	"errors"
	"time"

	v4 "github.com/cenkalti/backoff/v4"
	"github.com/cenkalti/backoff/v5"
)

var errBusy = errors.New("busy")

func fetch(ctx context.Context) (int, error) { return 0, errBusy }

type Store struct {
	b      backoff.BackOff
	spread backoff.BackOff
}

func NewStore() *Store {
	return &Store{b: backoff.NewConstantBackOff(time.Second), spread: backoff.NewExponentialBackOff()} // want `a constant backoff has no jitter`
}

func (s *Store) Load(ctx context.Context) (int, error) {
	return backoff.Retry(ctx, func() (int, error) { return fetch(ctx) }, backoff.WithBackOff(s.b)) // reported where it is built
}

func (s *Store) LoadSpread(ctx context.Context) (int, error) {
	return backoff.Retry(ctx, func() (int, error) { return fetch(ctx) }, backoff.WithBackOff(s.spread))
}

var steady = v4.NewConstantBackOff(time.Second) // want steady:"policy has no jitter \\(a constant backoff\\)" `a constant backoff has no jitter`

func Ping(ctx context.Context) error {
	return v4.Retry(func() error { _, err := fetch(ctx); return err }, v4.WithMaxRetries(steady, 3)) // reported where it is built
}

// tuned is set up in init: what it holds is not its declaration alone.
var tuned = &v4.ExponentialBackOff{InitialInterval: time.Second, RandomizationFactor: 0, Multiplier: 2, MaxInterval: time.Minute}

func init() {
	tuned.RandomizationFactor = 0.5
}

func PingTuned(ctx context.Context) error {
	return v4.Retry(func() error { _, err := fetch(ctx); return err }, v4.WithMaxRetries(tuned, 3))
}
