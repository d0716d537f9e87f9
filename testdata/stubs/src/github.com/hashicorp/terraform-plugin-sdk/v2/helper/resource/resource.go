// Package resource is a stub of terraform-plugin-sdk/v2's helper/resource,
// whose retry functions are aliases of helper/retry's.
package resource

import (
	"context"
	"time"

	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/retry"
)

type RetryFunc = retry.RetryFunc
type RetryError = retry.RetryError
type StateChangeConf = retry.StateChangeConf

func RetryContext(ctx context.Context, timeout time.Duration, f RetryFunc) error {
	return retry.RetryContext(ctx, timeout, f)
}

func Retry(timeout time.Duration, f RetryFunc) error { return retry.Retry(timeout, f) }

func RetryableError(err error) *RetryError {
	r := retry.RetryableError(err)
	return &RetryError{Err: r.Err, Retryable: r.Retryable}
}

func NonRetryableError(err error) *RetryError {
	r := retry.NonRetryableError(err)
	return &RetryError{Err: r.Err, Retryable: r.Retryable}
}
