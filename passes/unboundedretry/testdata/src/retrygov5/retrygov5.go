// Package retrygov5 retries with retry-go v5: Attempts(0) and
// UntilSucceeded() retry until success unless a Context ends them.
package retrygov5

import (
	"context"

	"github.com/avast/retry-go/v5"
)

func send() error { return nil }

// Forever retries until the send succeeds.
func Forever() error {
	return retry.New(retry.UntilSucceeded()).Do(send) // want `retry.UntilSucceeded\(\) retries until success and no retry.Context can stop it`
}

// ForeverData keeps its options in a variable.
func ForeverData() (string, error) {
	opts := []retry.Option{retry.Attempts(0)} // want `retry.Attempts\(0\) retries until success`
	return retry.NewWithData[string](opts...).Do(func() (string, error) { return "", send() })
}

// Worker keeps a retrier that never stops.
type Worker struct{ r *retry.Retrier }

func NewWorker() *Worker {
	return &Worker{r: retry.New(retry.Attempts(0))} // want `retry.Attempts\(0\) retries until success`
}

func (w *Worker) Run() error {
	return w.r.Do(send) // reported where it is built
}

// --- silent ---

// Cancelled ends with the caller's context.
func Cancelled(ctx context.Context) error {
	return retry.New(retry.UntilSucceeded(), retry.Context(ctx)).Do(send)
}

// Default makes 10 attempts.
func Default() error {
	return retry.New().Do(send)
}

// Bounded makes 3.
func Bounded() error {
	r := retry.New(retry.Attempts(3))
	return r.Do(send)
}
