// want package:`waits WaitDone WaitDoneRetrying`

// Package statuspoll waits for a job to reach a state. A poll whose
// failed call returns waits only after a "not done yet": RULES.md's
// status poll, whose pause is a poll interval, not a retry delay. One
// whose failed call goes round retries the failure too.
package statuspoll

import (
	"context"
	"errors"
	"time"
)

type Job struct{ State string }

func get(ctx context.Context, id string) (*Job, error) { return nil, errors.New("down") }

// WaitDone returns on a failed read.
func WaitDone(ctx context.Context, id string) error {
	deadline := time.Now().Add(time.Minute)
	for time.Now().Before(deadline) {
		job, err := get(ctx, id)
		if err != nil {
			return err
		}
		if job.State == "done" {
			return nil
		}
		time.Sleep(2 * time.Second)
	}
	return errors.New("timed out")
}

// WaitDoneRetrying reads again after a failed read, at the same pace.
func WaitDoneRetrying(ctx context.Context, id string) error {
	deadline := time.Now().Add(time.Minute)
	for time.Now().Before(deadline) {
		job, err := get(ctx, id)
		if err == nil && job.State == "done" {
			return nil
		}
		time.Sleep(2 * time.Second) // want `retry delay has no jitter`
	}
	return errors.New("timed out")
}
