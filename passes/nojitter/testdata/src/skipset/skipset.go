// Package skipset checks a repository's locks, retrying the check while // want package:`waits CheckLocks Climb sleep`
// remembering the locks it has already read.
package skipset

import (
	"context"
	"errors"
	"time"
)

type IDSet map[string]struct{}

func (s IDSet) Clone() IDSet {
	out := IDSet{}
	for k := range s {
		out[k] = struct{}{}
	}
	return out
}

var errLocked = errors.New("locked")

// forAllLocks calls fn for every lock not in skip.
func forAllLocks(ctx context.Context, skip IDSet, fn func(id string, err error) error) error {
	return nil
}

// CheckLocks repeats the same check after a failed read: the set of locks
// read so far only spares the next round work, it does not make it
// another operation. The delay doubles, but for four rounds only: it has
// no jitter, and its growth is capped by the count.
func CheckLocks(ctx context.Context) error {
	var err error
	checked := IDSet{}
	delay := 5 * time.Second
	for i := range 4 {
		if i != 0 {
			if err := sleep(ctx, delay); err != nil { // want `retry delay has no jitter`
				return err
			}
			delay *= 2
		}
		next := checked.Clone()
		err = forAllLocks(ctx, checked, func(id string, err error) error {
			if err != nil {
				return err
			}
			next[id] = struct{}{}
			return nil
		})
		checked = next
		if err == nil {
			return nil
		}
		if errors.Is(err, errLocked) {
			return err
		}
	}
	return err
}

// Climb walks up a chain of parents, one lookup each: a different
// operation each round, not a retry.
func Climb(ctx context.Context, parent map[string]string, start string, lookup func(string) error) error {
	dir := start
	for i := 0; i < 8; i++ {
		if err := lookup(dir); err == nil {
			return nil
		}
		if err := sleep(ctx, time.Second); err != nil {
			return err
		}
		dir = parent[dir]
	}
	return errors.New("not found")
}

func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
