package redeliver

import (
	"context"
	"time"

	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/worker"
	"go.temporal.io/sdk/workflow"
)

func ChargeCard(ctx context.Context, orderID string) (string, error) { // want `redelivered handler Temporal attempts=0`
	return "", work(ctx) // want `runs again`
}

type Activities struct{}

func (a *Activities) Reserve(ctx context.Context, sku string) error { // want `redelivered handler Temporal attempts=3`
	return work(ctx) // want `runs again`
}

func (a *Activities) Release(ctx context.Context, sku string) error { // MaximumAttempts: 1
	return work(ctx)
}

func (a *Activities) helper(ctx context.Context) error { return work(ctx) }

func ReserveWorkflow(ctx workflow.Context, sku string) error {
	var a *Activities
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: time.Minute,
		RetryPolicy:         &temporal.RetryPolicy{MaximumAttempts: 3},
	})
	return workflow.ExecuteActivity(ctx, a.Reserve, sku).Get(ctx, nil)
}

func ReleaseWorkflow(ctx workflow.Context, sku string) error {
	var a *Activities
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: time.Minute,
		RetryPolicy:         &temporal.RetryPolicy{MaximumAttempts: 1},
	})
	return workflow.ExecuteActivity(ctx, a.Release, sku).Get(ctx, nil)
}

func RegisterAll(w worker.Worker) {
	w.RegisterActivity(ChargeCard)
	w.RegisterActivity(&Activities{})
}

// Not registered anywhere: a plain function.
func Refund(ctx context.Context, orderID string) error {
	return work(ctx)
}
