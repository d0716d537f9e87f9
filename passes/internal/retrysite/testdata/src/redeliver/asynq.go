package redeliver

import (
	"context"
	"time"

	"github.com/hibiken/asynq"
)

const (
	TypeEmail   = "email:send"
	TypeReport  = "report:build"
	TypeCharge  = "order:charge"
	TypeWebhook = "webhook:deliver"
)

type EmailHandler struct{}

func (h *EmailHandler) ProcessTask(ctx context.Context, t *asynq.Task) error { // want `redelivered handler asynq attempts=26`
	return work(ctx) // want `runs again`
}

// Enqueued here with MaxRetry(4): five runs at most.
func handleReport(ctx context.Context, t *asynq.Task) error { // want `redelivered handler asynq attempts=5`
	return work(ctx) // want `runs again`
}

func NewReportTask() *asynq.Task {
	return asynq.NewTask(TypeReport, nil, asynq.MaxRetry(4), asynq.Timeout(time.Minute))
}

// MaxRetry(0): the task runs once, nothing is retried.
func handleCharge(ctx context.Context, t *asynq.Task) error {
	return work(ctx)
}

// TaskID dedups the enqueue where it is made.
func handleWebhook(ctx context.Context, t *asynq.Task) error {
	return work(ctx)
}

func Enqueue(c *asynq.Client, id string) error {
	task := asynq.NewTask(TypeCharge, nil)
	if _, err := c.Enqueue(task, asynq.MaxRetry(0)); err != nil {
		return err
	}
	_, err := c.Enqueue(asynq.NewTask(TypeWebhook, nil), asynq.TaskID(id))
	return err
}

func Register(mux *asynq.ServeMux) {
	mux.Handle(TypeEmail, &EmailHandler{})
	mux.HandleFunc(TypeReport, handleReport)
	mux.HandleFunc(TypeCharge, handleCharge)
	mux.HandleFunc(TypeWebhook, handleWebhook)
	mux.Handle("cleanup", asynq.HandlerFunc(func(ctx context.Context, t *asynq.Task) error { // want `redelivered handler asynq attempts=26`
		return work(ctx) // want `runs again`
	}))
}

// Not a handler: a task is built, not processed.
func describe(ctx context.Context, t *asynq.Task) string {
	_ = work(ctx)
	return t.Type()
}
