package amplifyjobs

import (
	"context"
	"time"

	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/worker"
	"go.temporal.io/sdk/workflow"
)

// Activities is registered as a whole: each exported method is an
// activity, run with the policy of the context each ExecuteActivity is
// given.
type Activities struct{}

// Sync runs with the server's default policy: no limit.
func (a *Activities) Sync(ctx context.Context, id string) error { // want Sync:`retries\(attempts=3\)`
	return retryCall(ctx) // want `retry inside a Temporal activity, which Temporal retries with no limit by default`
}

// Bill runs up to five times.
func (a *Activities) Bill(ctx context.Context, id string) error { // want Bill:`retries\(attempts=3\)`
	return retryCall(ctx) // want `retry inside a Temporal activity, which Temporal runs up to 5 times: every run repeats this retry, so 5 x 3 = 15 calls`
}

// Audit runs once.
func (a *Activities) Audit(ctx context.Context, id string) error { // want Audit:`retries\(attempts=3\)`
	return retryCall(ctx)
}

func OrderWorkflow(ctx workflow.Context, id string) error {
	var a *Activities
	billCtx := workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: time.Minute,
		RetryPolicy:         &temporal.RetryPolicy{MaximumAttempts: 5},
	})
	if err := workflow.ExecuteActivity(billCtx, a.Bill, id).Get(ctx, nil); err != nil {
		return err
	}
	auditCtx := workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: time.Minute,
		RetryPolicy:         &temporal.RetryPolicy{MaximumAttempts: 1},
	})
	if err := workflow.ExecuteActivity(auditCtx, a.Audit, id).Get(ctx, nil); err != nil {
		return err
	}
	syncCtx := workflow.WithActivityOptions(ctx, workflow.ActivityOptions{StartToCloseTimeout: time.Minute})
	return workflow.ExecuteActivity(syncCtx, a.Sync, id).Get(ctx, nil)
}

func StartActivities(w worker.Worker) {
	w.RegisterWorkflow(OrderWorkflow)
	w.RegisterActivity(&Activities{})
}
