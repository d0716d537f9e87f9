// Package retry makes the exporter's retry helper: RequestFunc returns a
// function that retries the operation it is given, while evaluate says
// the failure may be retried.
package retry

import (
	"context"
	"errors"
	"time"
)

// RequestFunc wraps a request with retry logic.
type RequestFunc func(context.Context, func(context.Context) error) error

type Config struct{ Enabled bool }

// RequestFunc returns the retrying wrapper, or one attempt when retries
// are off.
func (c Config) RequestFunc(evaluate func(error) (bool, time.Duration)) RequestFunc {
	if !c.Enabled {
		return func(ctx context.Context, fn func(context.Context) error) error { return fn(ctx) }
	}
	return func(ctx context.Context, fn func(context.Context) error) error {
		for i := 0; i < 5; i++ {
			err := fn(ctx)
			if err == nil {
				return nil
			}
			if ok, _ := evaluate(err); !ok {
				return err
			}
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(time.Second):
			}
		}
		return errors.New("retries exhausted")
	}
}
