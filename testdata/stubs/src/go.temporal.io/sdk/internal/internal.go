// Package internal is a stub of go.temporal.io/sdk/internal v1.51.0.
package internal

import "time"

type RetryPolicy struct {
	InitialInterval    time.Duration
	BackoffCoefficient float64
	MaximumInterval    time.Duration
	MaximumAttempts    int32
}

type ActivityOptions struct {
	StartToCloseTimeout time.Duration
	RetryPolicy         *RetryPolicy
}

type Context interface{ Value(key any) any }

type Future interface {
	Get(ctx Context, valuePtr any) error
}

type ActivityInfo struct {
	ActivityID string
	Attempt    int32
}

type RegisterActivityOptions struct{ Name string }
