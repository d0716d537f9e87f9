package sites

import (
	"context"
	"errors"
	"time"

	"sitesdep"
)

// Waiting for a lock is a retry of the acquisition (RULES.md): a boolean
// that says the lock was not taken is a failure, whatever the arity of
// the call and through however many functions of the program it comes.
// Any other boolean "not yet" is a poll's answer (found on blind-labelled
// repositories: a declaration guarded by a lock taken in a helper with
// three results, and a wait for a resource to appear).

type locker interface {
	AttemptLock(ctx context.Context) (bool, error)
}

type infra struct {
	lock locker
}

func (in *infra) exists(ctx context.Context) (bool, error) { return false, nil }
func (in *infra) declare(ctx context.Context) error        { return nil }

func (in *infra) shouldDeclareAndAcquireLock(ctx context.Context) (shouldDeclare, hasLocked bool, err error) {
	exists, err := in.exists(ctx)
	if err != nil || exists {
		return
	}
	shouldDeclare = true
	hasLocked, err = in.lock.AttemptLock(ctx)
	return
}

func (in *infra) Declare(ctx context.Context) error {
	for attempt := 0; attempt < 5; attempt++ { // want `retry loop bounded=true waits=1 op=body`
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
		time.Sleep(5 * time.Second)
	}
	return errors.New("lock not acquired")
}

// A lock file of another package, taken by an O_EXCL create.
func withLockFile(ctx context.Context, path string, work func() error) error {
	for { // want `retry loop bounded=true waits=1 op=body`
		ok, err := sitesdep.TryLockFile(path)
		if err != nil {
			return err
		}
		if ok {
			return work()
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

func findJob(ctx context.Context, id string) (bool, error) { return false, nil }

// Not a retry: a poll. A failed call returns; only the successful answer
// "not there yet" goes round.
func awaitJob(ctx context.Context, id string, interval time.Duration) error {
	for {
		found, err := findJob(ctx, id)
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

// A (bool, error) call whose error goes round too is still a retry.
func awaitJobRetrying(ctx context.Context, id string) error {
	for { // want `retry loop bounded=true waits=1 op=body`
		found, err := findJob(ctx, id)
		if found {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}
