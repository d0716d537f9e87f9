// Package redeliverflows executes activities of another package with its
// own retry policies.
package redeliverflows

import (
	"time"

	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"

	"redeliveracts"
)

func Checkout(ctx workflow.Context, orderID string) error {
	once := workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: time.Minute,
		RetryPolicy:         &temporal.RetryPolicy{MaximumAttempts: 1},
	})
	return workflow.ExecuteActivity(once, redeliveracts.Capture, orderID).Get(ctx, nil)
}

func Cancel(ctx workflow.Context, orderID string) error {
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: time.Minute,
		RetryPolicy:         &temporal.RetryPolicy{MaximumAttempts: 5},
	})
	return workflow.ExecuteActivity(ctx, redeliveracts.Void, orderID).Get(ctx, nil) // want `redelivered handler Temporal attempts=5 op=Void`
}
