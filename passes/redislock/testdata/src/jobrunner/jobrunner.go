// Package jobrunner runs jobs under locks taken by package tokenlocks and
// releases them itself.
package jobrunner

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"

	"tokenlocks"
)

type Runner struct {
	rdb   *redis.Client
	locks *tokenlocks.Locker
}

func (r *Runner) work(ctx context.Context, id string) error { return nil }

// Run drops the lock with a plain DEL of the key TryLock took.
func (r *Runner) Run(ctx context.Context, id string) error {
	_, ok, err := r.locks.TryLock(ctx, tokenlocks.Key(id), time.Minute)
	if err != nil || !ok {
		return err
	}
	defer r.rdb.Del(ctx, tokenlocks.Key(id)) // want `lock is released with a plain DEL that does not check the owner token`
	return r.work(ctx, id)
}

// RunAndClear deletes the job's result key, not its lock key.
func (r *Runner) RunAndClear(ctx context.Context, id string) error {
	_, ok, err := r.locks.TryLock(ctx, tokenlocks.Key(id), time.Minute)
	if err != nil || !ok {
		return err
	}
	if err := r.work(ctx, id); err != nil {
		return err
	}
	return r.rdb.Del(ctx, "result:"+id).Err()
}

// RunChecked compares the owner before the DEL: not a plain unlock this
// pairing judges.
func (r *Runner) RunChecked(ctx context.Context, id string) error {
	token, ok, err := r.locks.TryLock(ctx, tokenlocks.Key(id), time.Minute)
	if err != nil || !ok {
		return err
	}
	defer func() {
		if r.rdb.Get(ctx, tokenlocks.Key(id)).Val() == token {
			r.rdb.Del(ctx, tokenlocks.Key(id))
		}
	}()
	return r.work(ctx, id)
}

// DelFirst deletes before it locks: a reset, not an unlock.
func (r *Runner) DelFirst(ctx context.Context, id string) error {
	r.rdb.Del(ctx, tokenlocks.Key(id))
	_, ok, err := r.locks.TryLock(ctx, tokenlocks.Key(id), time.Minute)
	if err != nil || !ok {
		return err
	}
	return r.work(ctx, id)
}
