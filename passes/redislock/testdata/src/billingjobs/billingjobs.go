// Package billingjobs runs billing jobs under locks of the kvlock wrapper,
// from another package.
package billingjobs

import (
	"context"
	"fmt"

	"kvlock"
)

type Runner struct{ locks *kvlock.Store }

func lockName(account string) string { return fmt.Sprintf("billing:lock:%s", account) }

// Close takes the account's lock and drops it with the wrapper's plain DEL.
func (r *Runner) Close(ctx context.Context, account string, work func() error) error {
	ok, err := r.locks.Acquire(ctx, lockName(account), "runner-1")
	if err != nil || !ok {
		return err
	}
	defer r.locks.Release(ctx, lockName(account)) // want `lock is released with a plain DEL in Release, given the key Acquire took`
	return work()
}

// Reopen releases with the owner check (two commands, reported in
// kvlock), not a second report here.
func (r *Runner) Reopen(ctx context.Context, account string, work func() error) error {
	key := lockName(account)
	ok, err := r.locks.Acquire(ctx, key, "runner-1")
	if err != nil || !ok {
		return err
	}
	defer r.locks.ReleaseIfOwner(ctx, key, "runner-1")
	return work()
}

// Refresh takes the lock and clears a cached total under another key: the
// DEL is not of the lock's key.
func (r *Runner) Refresh(ctx context.Context, account string, work func() error) error {
	ok, err := r.locks.Acquire(ctx, lockName(account), "runner-1")
	if err != nil || !ok {
		return err
	}
	if err := work(); err != nil {
		return err
	}
	return r.locks.Forget(ctx, "billing:total:"+account)
}
