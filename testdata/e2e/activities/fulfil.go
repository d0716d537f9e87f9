package activities

import (
	"context"
	"time"

	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/worker"
	"go.temporal.io/sdk/workflow"

	"example.com/e2e/client"
)

// Fulfil is registered as a whole; each ExecuteActivity gives its
// activity the retry policy of its own context.
type Fulfil struct {
	API *client.Client
}

// Pack runs at most three times.
func (f *Fulfil) Pack(ctx context.Context, order []byte) error {
	return f.API.CreateOrder(ctx, order)
}

// Ship is executed with no RetryPolicy: the server retries it with no
// limit.
func (f *Fulfil) Ship(ctx context.Context, order []byte) error {
	return f.API.CreateOrder(ctx, order)
}

func FulfilWorkflow(ctx workflow.Context, order []byte) error {
	var f *Fulfil
	packCtx := workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: time.Minute,
		RetryPolicy:         &temporal.RetryPolicy{MaximumAttempts: 3},
	})
	if err := workflow.ExecuteActivity(packCtx, f.Pack, order).Get(ctx, nil); err != nil {
		return err
	}
	shipCtx := workflow.WithActivityOptions(ctx, workflow.ActivityOptions{StartToCloseTimeout: time.Hour})
	return workflow.ExecuteActivity(shipCtx, f.Ship, order).Get(ctx, nil)
}

func RegisterFulfil(w worker.Worker, api *client.Client) {
	w.RegisterWorkflow(FulfilWorkflow)
	w.RegisterActivity(&Fulfil{API: api})
}
