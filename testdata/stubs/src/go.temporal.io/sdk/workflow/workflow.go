// Package workflow is a stub of go.temporal.io/sdk/workflow v1.51.0.
package workflow

import (
	"go.temporal.io/sdk/internal"
	"go.temporal.io/sdk/temporal"
)

type (
	Context         = internal.Context
	Future          = internal.Future
	ActivityOptions = internal.ActivityOptions
)

func WithActivityOptions(ctx Context, options ActivityOptions) Context      { return ctx }
func ExecuteActivity(ctx Context, activity any, args ...any) Future         { return nil }
func WithRetryPolicy(ctx Context, retryPolicy temporal.RetryPolicy) Context { return ctx }
func WithTaskQueue(ctx Context, name string) Context                        { return ctx }
