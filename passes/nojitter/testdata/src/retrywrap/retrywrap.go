// Package retrywrap is a platform package that wraps the retry libraries
// with the signatures the service prefers, handing the caller's policy and
// options on: they are judged at the wrapper's call, where they are built.
package retrywrap

import (
	"context"

	backoff "github.com/cenkalti/backoff/v5"
	retry "github.com/sethvargo/go-retry"
)

// Retry retries operation until it succeeds, with the caller's options.
func Retry(ctx context.Context, operation func() error, opts ...backoff.RetryOption) error {
	_, err := backoff.Retry(ctx, func() (any, error) {
		return nil, operation()
	}, opts...)
	return err
}

// Do retries f with the caller's backoff.
func Do(ctx context.Context, b retry.Backoff, f retry.RetryFunc) error {
	return retry.Do(ctx, b, f)
}
