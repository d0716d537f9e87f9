// Package retry is a stub of terraform-plugin-sdk/v2's helper/retry
// (signatures as of v2.26): RetryContext runs f until it returns nil or a
// non-retryable error, or the timeout passes, waiting between attempts as
// StateChangeConf does (100ms doubling, clamped to 500ms..10s, no jitter).
package retry

import (
	"context"
	"time"
)

type RetryFunc func() *RetryError

type RetryError struct {
	Err       error
	Retryable bool
}

func (e *RetryError) Unwrap() error { return e.Err }

func RetryableError(err error) *RetryError    { return &RetryError{Err: err, Retryable: true} }
func NonRetryableError(err error) *RetryError { return &RetryError{Err: err} }

func RetryContext(ctx context.Context, timeout time.Duration, f RetryFunc) error { return nil }

func Retry(timeout time.Duration, f RetryFunc) error {
	return RetryContext(context.Background(), timeout, f)
}

type StateRefreshFunc func() (result interface{}, state string, err error)

type StateChangeConf struct {
	Delay          time.Duration
	Pending        []string
	Refresh        StateRefreshFunc
	Target         []string
	Timeout        time.Duration
	MinTimeout     time.Duration
	PollInterval   time.Duration
	NotFoundChecks int
}

func (conf *StateChangeConf) WaitForStateContext(ctx context.Context) (interface{}, error) {
	return nil, nil
}
