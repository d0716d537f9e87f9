package jobs

import (
	"context"
	"time"

	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/worker"
	"go.temporal.io/sdk/workflow"

	"payments"
)

// Billing is registered as a whole: every exported method is an
// activity, run with the policy of its ExecuteActivity's context.
type Billing struct {
	pay *payments.Client
}

// Charge runs with no RetryPolicy: no limit.
func (b *Billing) Charge(ctx context.Context, orderID string) error { // want Charge:`sends unkeyed POST \(retried=false\)`
	return b.pay.Charge(ctx, orderID, 100) // want `POST request in a Temporal activity is sent again each time the activity is retried \(with no limit by default\)`
}

// Receipt runs once.
func (b *Billing) Receipt(ctx context.Context, orderID string) error { // want Receipt:`sends unkeyed POST \(retried=false\)`
	return b.pay.Charge(ctx, "receipt-"+orderID, 0)
}

// Refund keys by the activity's identity: the same on every attempt.
func (b *Billing) Refund(ctx context.Context, orderID string) error {
	info := activity.GetInfo(ctx)
	return b.pay.ChargeKeyed(ctx, orderID+"/"+info.ActivityID, orderID)
}

func BillingWorkflow(ctx workflow.Context, orderID string) error {
	var b *Billing
	once := workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: time.Minute,
		RetryPolicy:         &temporal.RetryPolicy{MaximumAttempts: 1},
	})
	if err := workflow.ExecuteActivity(once, b.Receipt, orderID).Get(ctx, nil); err != nil {
		return err
	}
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{StartToCloseTimeout: time.Minute})
	if err := workflow.ExecuteActivity(ctx, b.Refund, orderID).Get(ctx, nil); err != nil {
		return err
	}
	return workflow.ExecuteActivity(ctx, b.Charge, orderID).Get(ctx, nil)
}

func RegisterBilling(w worker.Worker, pay *payments.Client) {
	w.RegisterWorkflow(BillingWorkflow)
	w.RegisterActivity(&Billing{pay: pay})
}
