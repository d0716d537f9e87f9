// Package jobstatus: a job handler that turns every non-success status
// into an error is run again by its framework for 4xx responses too.
package jobstatus

import (
	"context"
	"fmt"
	"net/http"

	"github.com/hibiken/asynq"
	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/worker"
)

// Every non-2xx is an error asynq retries, 4xx included.
func notify(ctx context.Context, t *asynq.Task) error {
	resp, err := http.Get("https://hooks.example.com/notify") // want `this task handler fails on every non-success status, 4xx included, and asynq runs it again on an error, up to 26 runs: a 4xx fails the same way every time; for 4xx, wrap the error with asynq.SkipRetry`
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return fmt.Errorf("notify: status %d", resp.StatusCode)
	}
	return nil
}

// A 4xx wrapped in asynq.SkipRetry is archived at once: only 5xx is
// retried.
func notifySkipping(ctx context.Context, t *asynq.Task) error {
	resp, err := http.Get("https://hooks.example.com/notify")
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 400 && resp.StatusCode < 500 {
		return fmt.Errorf("notify: status %d: %w", resp.StatusCode, asynq.SkipRetry)
	}
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("notify: status %d", resp.StatusCode)
	}
	return nil
}

// Only 5xx fails; a 4xx is logged and dropped.
func notifyServerErrors(ctx context.Context, t *asynq.Task) error {
	resp, err := http.Get("https://hooks.example.com/notify")
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 500 {
		return fmt.Errorf("notify: status %d", resp.StatusCode)
	}
	return nil
}

func Register(mux *asynq.ServeMux) {
	mux.HandleFunc("notify", notify)
	mux.HandleFunc("notify:skip", notifySkipping)
	mux.HandleFunc("notify:5xx", notifyServerErrors)
}

type Activities struct{ client *http.Client }

// A Temporal activity that turns a 4xx into a non-retryable error.
func (a *Activities) Ship(ctx context.Context, id string) error {
	resp, err := a.client.Get("https://ship.example.com/" + id)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 400 && resp.StatusCode < 500 {
		return temporal.NewNonRetryableApplicationError("rejected", "ClientError", nil)
	}
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("ship: status %d", resp.StatusCode)
	}
	return nil
}

// The closest hazard: every non-2xx is retried, with no limit by default.
func (a *Activities) Track(ctx context.Context, id string) error {
	resp, err := a.client.Get("https://ship.example.com/track/" + id) // want `this activity fails on every non-success status, 4xx included, and Temporal runs it again on an error, with no limit by default`
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode/100 != 2 {
		return fmt.Errorf("track: status %d", resp.StatusCode)
	}
	return nil
}

func RegisterActivities(w worker.Worker) {
	w.RegisterActivity(&Activities{client: http.DefaultClient})
}
