// want package:`waits WaitSignIn WaitSignInPolling WaitSignInSleeping`

// Package signinwait waits for a user to sign in: whoami fails until
// then. A loop whose one condition joins the call's error test and a test
// of its answer (err == nil && u != nil) goes round on both a failure and
// a "not yet", so it retries the failed call; one whose failed call
// returns at once is a poll.
package signinwait

import (
	"context"
	"errors"
	"time"
)

type User struct{ Name string }

func whoami(ctx context.Context) (*User, error) { return nil, errors.New("unauthorized") }

// WaitSignIn asks every tenth tick of a constant ticker.
func WaitSignIn(ctx context.Context) error {
	ticker := time.NewTicker(200 * time.Millisecond)
	defer ticker.Stop()
	frame := 0
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-ticker.C: // want `retry delay has no jitter`
			frame++
			if frame%10 == 0 {
				u, err := whoami(ctx)
				if err == nil && u != nil && u.Name != "" {
					return nil
				}
			}
		}
	}
}

// WaitSignInSleeping tests the other way round: a failure or a "not
// yet" goes round.
func WaitSignInSleeping(ctx context.Context) (*User, error) {
	for ctx.Err() == nil {
		u, err := whoami(ctx)
		if err != nil || u == nil {
			time.Sleep(time.Second) // want `retry delay has no jitter`
			continue
		}
		return u, nil
	}
	return nil, ctx.Err()
}

// WaitSignInPolling returns on a failed call: it waits only after a
// successful "not yet", a poll interval.
func WaitSignInPolling(ctx context.Context) error {
	ticker := time.NewTicker(time.Second)
	defer ticker.Stop()
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-ticker.C:
			u, err := whoami(ctx)
			if err != nil {
				return err
			}
			if u != nil {
				return nil
			}
		}
	}
}
