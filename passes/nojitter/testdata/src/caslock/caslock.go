// want package:`waits Lock Update`

// Package caslock takes a lock in a key-value store by a compare-and-swap
// from the empty value: a false answer means someone else holds it, and
// the loop waits for the lock (RULES.md, "Waiting for a lock"). A swap
// from the value just read is an update that goes round on a conflict.
package caslock

import (
	"context"
	"time"
)

type Store interface {
	LockCompareAndSwap(ctx context.Context, key, old, new string) (string, bool, error)
	Get(ctx context.Context, key string) (string, error)
}

// Lock waits at a fixed pace while the lock is held.
func Lock(ctx context.Context, s Store, key, token string) error {
	for {
		_, done, err := s.LockCompareAndSwap(ctx, key, "", token)
		if err != nil {
			return err
		}
		if done {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(100 * time.Millisecond): // want `retry delay has no jitter`
		}
	}
}

// Update swaps from the value it read: a conflict means the value moved.
func Update(ctx context.Context, s Store, key string, next func(string) string) error {
	for {
		cur, err := s.Get(ctx, key)
		if err != nil {
			return err
		}
		_, done, err := s.LockCompareAndSwap(ctx, key, cur, next(cur))
		if err != nil {
			return err
		}
		if done {
			return nil
		}
		time.Sleep(10 * time.Millisecond)
	}
}
