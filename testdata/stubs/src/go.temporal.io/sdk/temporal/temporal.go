// Package temporal is a stub of go.temporal.io/sdk/temporal v1.51.0.
package temporal

import "go.temporal.io/sdk/internal"

type RetryPolicy = internal.RetryPolicy

func NewNonRetryableApplicationError(message, errType string, cause error, details ...any) error {
	return cause
}
