// want package:`waits Await Infra.Declare`

// Package lockwait waits for locks and for resources: waiting for a lock
// is a retry of the acquisition, whose delay needs jitter (contention is
// where herds form); a poll for a resource to appear is not a retry
// (RULES.md, "Vocabulary"). Found on blind-labelled repositories.
package lockwait

import (
	"context"
	"errors"
	"time"
)

const lockDelay = 5 * time.Second

type Lock interface {
	AttemptLock(ctx context.Context) (bool, error)
}

type Infra struct {
	lock Lock
}

func (in *Infra) exists(ctx context.Context) (bool, error) { return false, nil }
func (in *Infra) declare(ctx context.Context) error        { return nil }

// The lock's result comes through a helper with three results.
func (in *Infra) Declare(ctx context.Context) error {
	for attempt := 0; attempt < 5; attempt++ {
		shouldDeclare, hasLocked, err := in.shouldDeclareAndAcquireLock(ctx)
		if err != nil {
			return err
		}
		if !shouldDeclare {
			return nil
		}
		if hasLocked {
			return in.declare(ctx)
		}
		time.Sleep(lockDelay) // want `retry delay has no jitter`
	}
	return errors.New("failed")
}

func (in *Infra) shouldDeclareAndAcquireLock(ctx context.Context) (shouldDeclare bool, hasLocked bool, err error) {
	exists, err := in.exists(ctx)
	if err != nil {
		return
	}
	if exists {
		return
	}
	shouldDeclare = true
	hasLocked, err = in.lock.AttemptLock(ctx)
	return
}

func find(ctx context.Context) (bool, error) { return false, nil }

// Not reported: a poll. Every failed call returns; only "not found yet"
// goes round.
func Await(ctx context.Context, interval time.Duration) error {
	for {
		found, err := find(ctx)
		if err != nil {
			return err
		}
		if found {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(interval):
		}
	}
}
