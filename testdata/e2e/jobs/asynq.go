// Package jobs holds task handlers and workers of job queues that run a
// failed job again: each sends a POST, with and without a key made once
// per job.
package jobs

import (
	"context"
	"encoding/json"
	"net/http"

	retry "github.com/avast/retry-go/v4"
	"github.com/google/uuid"
	"github.com/hibiken/asynq"

	"example.com/e2e/client"
)

type chargePayload struct {
	OrderID string `json:"order_id"`
}

type ChargeHandler struct {
	API *client.Client
}

// ProcessTask sends an unkeyed POST: asynq runs a failed task 26 times.
func (h *ChargeHandler) ProcessTask(ctx context.Context, t *asynq.Task) error {
	var p chargePayload
	if err := json.Unmarshal(t.Payload(), &p); err != nil {
		return asynq.SkipRetry
	}
	return h.API.CreateOrder(ctx, t.Payload())
}

// notify keys its POST with the task ID, the same on every run.
func notify(ctx context.Context, t *asynq.Task) error {
	id, _ := asynq.GetTaskID(ctx)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://notify.example.com/events", nil)
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", id)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// audit is enqueued with MaxRetry(0): it runs once.
func audit(ctx context.Context, t *asynq.Task) error {
	resp, err := http.Post("https://audit.example.com/events", "application/json", nil)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func Register(mux *asynq.ServeMux, api *client.Client) {
	mux.Handle("order:charge", &ChargeHandler{API: api})
	mux.HandleFunc("order:notify", notify)
	mux.HandleFunc("order:audit", audit)
}

func EnqueueAudit(c *asynq.Client, payload []byte) error {
	_, err := c.Enqueue(asynq.NewTask("order:audit", payload), asynq.MaxRetry(0))
	return err
}

// pick makes its key with uuid in the handler: a new key on every run.
func pick(ctx context.Context, t *asynq.Task) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://wms.example.com/picks", nil)
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", uuid.NewString())
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// refresh retries a GET three times inside a task asynq retries too.
func refresh(ctx context.Context, t *asynq.Task) error {
	return retry.Do(func() error {
		resp, err := http.Get("https://pay.example.com/status")
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}, retry.Attempts(3), retry.Context(ctx))
}

func RegisterMore(mux *asynq.ServeMux) {
	mux.HandleFunc("order:pick", pick)
	mux.HandleFunc("order:refresh", refresh)
}
