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

// Each ExecuteActivity runs its activity with the policy of the context
// it is given, not with any policy its function sets.
type Fulfil struct{}

func (Fulfil) Pack(ctx context.Context, sku string) error { // want `redelivered handler Temporal attempts=4`
	return work(ctx) // want `runs again`
}

func (Fulfil) Ship(ctx context.Context, sku string) error { // want `redelivered handler Temporal attempts=0`
	return work(ctx) // want `runs again`
}

func (Fulfil) Label(ctx context.Context, sku string) error { // want `redelivered handler Temporal attempts=2`
	return work(ctx) // want `runs again`
}

func (Fulfil) Notify(ctx context.Context, sku string) error { // MaximumAttempts: 1 from a helper
	return work(ctx)
}

func labelOptions() workflow.ActivityOptions {
	return workflow.ActivityOptions{StartToCloseTimeout: time.Minute, RetryPolicy: &temporal.RetryPolicy{MaximumAttempts: 1}}
}

func FulfilWorkflow(ctx workflow.Context, sku string) error {
	var f Fulfil
	policy := &temporal.RetryPolicy{MaximumAttempts: 4}
	ao := workflow.ActivityOptions{StartToCloseTimeout: time.Minute, RetryPolicy: policy}
	packCtx := workflow.WithActivityOptions(ctx, ao)
	packCtx = workflow.WithTaskQueue(packCtx, "packing")
	if err := workflow.ExecuteActivity(packCtx, f.Pack, sku).Get(ctx, nil); err != nil {
		return err
	}
	// No RetryPolicy: the server's default, no limit.
	shipCtx := workflow.WithActivityOptions(ctx, workflow.ActivityOptions{StartToCloseTimeout: time.Hour})
	if err := workflow.ExecuteActivity(shipCtx, f.Ship, sku).Get(ctx, nil); err != nil {
		return err
	}
	labelCtx := workflow.WithRetryPolicy(shipCtx, temporal.RetryPolicy{MaximumAttempts: 2})
	if err := workflow.ExecuteActivity(labelCtx, f.Label, sku).Get(ctx, nil); err != nil {
		return err
	}
	return workflow.ExecuteActivity(workflow.WithActivityOptions(ctx, labelOptions()), f.Notify, sku).Get(ctx, nil)
}

func RegisterFulfil(w worker.Worker) {
	w.RegisterActivity(&Fulfil{})
}
