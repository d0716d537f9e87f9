// Package poll runs an operation again until it succeeds.
package poll

import (
	"context"

	"github.com/cenkalti/backoff/v5"
)

// Retry runs operation with the given options until it succeeds.
func Retry(ctx context.Context, operation func() error, opts ...backoff.RetryOption) error {
	_, err := backoff.Retry(ctx, func() (struct{}, error) {
		return struct{}{}, operation()
	}, opts...)
	return err
}
