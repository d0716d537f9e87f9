package jobs

import (
	"context"
	"time"

	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/worker"
	"go.temporal.io/sdk/workflow"

	"example.com/e2e/client"
)

type Activities struct {
	API *client.Client
}

// Reserve sends an unkeyed POST: Temporal retries an activity with no
// limit unless its RetryPolicy sets one.
func (a *Activities) Reserve(ctx context.Context, sku string) error {
	return a.API.CreateOrder(ctx, []byte(sku))
}

// Release runs once: its workflow sets MaximumAttempts to 1.
func (a *Activities) Release(ctx context.Context, sku string) error {
	return a.API.CreateOrder(ctx, []byte(sku))
}

func ReleaseWorkflow(ctx workflow.Context, sku string) error {
	var a *Activities
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: time.Minute,
		RetryPolicy:         &temporal.RetryPolicy{MaximumAttempts: 1},
	})
	return workflow.ExecuteActivity(ctx, a.Release, sku).Get(ctx, nil)
}

func RegisterActivities(w worker.Worker, api *client.Client) {
	w.RegisterActivity(&Activities{API: api})
}
