// Package activities holds Temporal activities: the server retries a
// failed activity with no limit unless its RetryPolicy sets
// MaximumAttempts, so each POST they send is sent again.
package activities

import (
	"bytes"
	"context"
	"net/http"
	"time"

	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/worker"
	"go.temporal.io/sdk/workflow"

	"example.com/e2e/client"
)

// Billing is registered as a whole: each exported method is an activity.
type Billing struct {
	API  *client.Client
	HTTP *http.Client
}

// Charge sends an unkeyed POST: a timeout after the server took it
// charges again.
func (b *Billing) Charge(ctx context.Context, order []byte) error {
	return b.API.CreateOrder(ctx, order)
}

// Refund keys its POST with the workflow and activity IDs, the same on
// every attempt.
func (b *Billing) Refund(ctx context.Context, order []byte) error {
	info := activity.GetInfo(ctx)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, b.API.Base+"/refunds", bytes.NewReader(order))
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", info.WorkflowExecution.ID+"/"+info.ActivityID)
	resp, err := b.HTTP.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Reserve is registered as a function.
func Reserve(ctx context.Context, sku string) error {
	resp, err := http.Post("https://stock.example.com/reservations", "text/plain", bytes.NewBufferString(sku))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Announce is executed with MaximumAttempts 1: it runs once.
func Announce(ctx context.Context, msg string) error {
	resp, err := http.Post("https://chat.example.com/messages", "text/plain", bytes.NewBufferString(msg))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Lookup only reads.
func Lookup(ctx context.Context, sku string) error {
	resp, err := http.Get("https://stock.example.com/items/" + sku)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func Register(w worker.Worker, api *client.Client) {
	w.RegisterActivityWithOptions(&Billing{API: api, HTTP: http.DefaultClient}, activity.RegisterOptions{Name: "billing"})
	w.RegisterActivity(Reserve)
	w.RegisterActivity(Announce)
	w.RegisterActivity(Lookup)
}

// Checkout runs Announce once and the others with the server's policy.
func Checkout(ctx workflow.Context, sku string) error {
	once := workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: time.Minute,
		RetryPolicy:         &temporal.RetryPolicy{MaximumAttempts: 1},
	})
	if err := workflow.ExecuteActivity(once, Announce, "checkout "+sku).Get(ctx, nil); err != nil {
		return err
	}
	return nil
}
