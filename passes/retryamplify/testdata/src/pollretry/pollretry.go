// Package pollretry polls an action's status and retries its failed
// lookups: the lookup retries by itself, so each failed round of the poll
// runs the inner retry again.
package pollretry

import (
	"context"
	"errors"
	"time"
)

func fetch(ctx context.Context, uri string) (string, error) { return "", errors.New("unavailable") }

// getStatus retries the lookup three times.
func getStatus(ctx context.Context, uri string) (string, error) { // want getStatus:"retries\\(attempts=3\\)"
	var err error
	for i := 0; i < 3; i++ {
		var st string
		if st, err = fetch(ctx, uri); err == nil {
			return st, nil
		}
		time.Sleep(time.Second)
	}
	return "", err
}

// WaitForActive polls until the action completes, and goes round at once
// after a failed lookup, up to three times.
func WaitForActive(ctx context.Context, uri string) error { // want WaitForActive:"retries\\(attempts=3\\)"
	completed := false
	failures := 0
	for !completed {
		st, err := getStatus(ctx, uri) // want `retry inside a retry`
		if err != nil {
			if failures < 3 {
				failures++
				continue
			}
			return err
		}
		switch st {
		case "in-progress":
			time.Sleep(5 * time.Second)
		case "completed":
			completed = true
		default:
			return errors.New("action failed: " + st)
		}
	}
	return nil
}

// WaitOnce polls the same way, but a failed lookup ends the poll: no
// round runs the inner retry again after it failed.
func WaitOnce(ctx context.Context, uri string) error { // want WaitOnce:"retries\\(attempts=3\\)"
	for {
		st, err := getStatus(ctx, uri)
		if err != nil {
			return err
		}
		if st == "completed" {
			return nil
		}
		time.Sleep(5 * time.Second)
	}
}

// Watch reads statuses for as long as it runs and goes round after a
// failed lookup too, without counting: its rounds are its schedule, not
// a retry of the failed lookup.
func Watch(ctx context.Context, uri string, out chan<- string) { // want Watch:"retries\\(attempts=3\\)"
	for {
		st, err := getStatus(ctx, uri)
		if err != nil {
			time.Sleep(2 * time.Second)
			continue
		}
		out <- st
		time.Sleep(5 * time.Second)
	}
}
