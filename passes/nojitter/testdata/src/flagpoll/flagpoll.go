// want package:`waits pollStarted waitStarted`

// Package flagpoll waits for a scanner to start by asking its status on a
// ticker. When the answer is read in one test with the error (err == nil
// && st.Scanning), a failed call goes round as well as a "not yet": the
// loop retries the call on a constant tick. When a failed call returns,
// only "not yet" goes round: a status poll, which RULES.md leaves alone.
package flagpoll

import (
	"context"
	"errors"
	"time"
)

type Status struct{ Scanning bool }

type Scanner interface {
	Status(ctx context.Context) (*Status, error)
}

var errCancelled = errors.New("cancelled while waiting for the scanner")

// waitStarted goes round after a failed call too.
func waitStarted(ctx context.Context, sc Scanner, fast <-chan struct{}) error {
	ticker := time.NewTicker(50 * time.Millisecond)
	defer ticker.Stop()
	timer := time.NewTimer(3 * time.Second)
	defer timer.Stop()
loop:
	for {
		st, err := sc.Status(ctx)
		if err == nil && st.Scanning {
			break
		}
		select {
		case <-fast:
			break loop
		case <-timer.C:
			break loop
		case <-ctx.Done():
			return errCancelled
		case <-ticker.C: // want `retry delay has no jitter`
		}
	}
	return nil
}

// pollStarted returns on a failed call: only "not scanning yet" waits.
func pollStarted(ctx context.Context, sc Scanner) error {
	ticker := time.NewTicker(50 * time.Millisecond)
	defer ticker.Stop()
	for {
		st, err := sc.Status(ctx)
		if err != nil {
			return err
		}
		if !st.Scanning {
			select {
			case <-ctx.Done():
				return errCancelled
			case <-ticker.C:
			}
			continue
		}
		return nil
	}
}
