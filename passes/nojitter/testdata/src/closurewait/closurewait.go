// Package closurewait waits in a function literal kept in a local
// variable, which the failure path calls before going round.
package closurewait

import (
	"context"
	"errors"
	"log"
	"time"
)

var errRefresh = errors.New("refresh failed")

func refresh(ctx context.Context) error { return errRefresh }

// sync waits inside onError after a failed refresh.
func sync(ctx context.Context) error {
	onError := func(err error) error {
		log.Println(err)
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(10 * time.Second):
			return nil
		}
	}
	for {
		if err := refresh(ctx); err != nil {
			if err := onError(err); err != nil {
				return err
			}
			continue
		}
		return nil
	}
}

// syncHot only logs in onError: the failure goes round at once.
func syncHot(ctx context.Context) error {
	onError := func(err error) error {
		log.Println(err)
		return ctx.Err()
	}
	for { // want `retry loop retries at once`
		if err := refresh(ctx); err != nil {
			if err := onError(err); err != nil {
				return err
			}
			continue
		}
		return nil
	}
}

// newPause returns a wait of its own: the loop that keeps it in a local
// and calls it after a failure waits, so it is no hot retry.
func newPause(max time.Duration) func(ctx context.Context) error {
	var n int
	return func(ctx context.Context) error {
		n++
		t := time.NewTimer(min(time.Duration(n*n)*10*time.Millisecond, max))
		defer t.Stop()
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-t.C:
			return nil
		}
	}
}

// syncMade waits through the literal newPause made.
func syncMade(ctx context.Context) error {
	pause := newPause(10 * time.Second)
	for {
		if err := refresh(ctx); err != nil {
			if err := pause(ctx); err != nil {
				return err
			}
			continue
		}
		return nil
	}
}
