// Package rlocks holds the lock and marker helpers of a service, written as
// methods on small structs: the hazards are split across methods and
// helpers, with look-alikes that are safe.
package rlocks

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/bsm/redislock"
	"github.com/redis/go-redis/v9"
)

var ErrBusy = errors.New("rlocks: busy")

func lockKey(id string) string { return fmt.Sprintf("locks:%s", id) }

// Mutex takes per-resource locks.
type Mutex struct {
	rdb   *redis.Client
	owner string
	ttl   time.Duration
}

// TryLock takes the lock on the resource.
func (m *Mutex) TryLock(ctx context.Context, id string) (bool, error) { // want TryLock:`NX rlocks\.lockKey\(\$1\)`
	return m.rdb.SetNX(ctx, lockKey(id), m.owner, m.ttl).Result()
}

// Unlock drops the lock TryLock took, whoever holds it now.
func (m *Mutex) Unlock(ctx context.Context, id string) error {
	return m.rdb.Del(ctx, lockKey(id)).Err() // want `lock is released with a plain DEL that does not check the owner token`
}

// Refresh extends the lock if this owner still holds it, in two commands.
func (m *Mutex) Refresh(ctx context.Context, id string) error {
	cur, err := m.rdb.Get(ctx, lockKey(id)).Result()
	if err != nil {
		return err
	}
	if cur != m.owner {
		return ErrBusy
	}
	return m.rdb.PExpire(ctx, lockKey(id), m.ttl).Err() // want `lock is extended with an EXPIRE separate from the GET that checked its owner`
}

// Job locks take a prefix and the caller's name.
type JobLock struct {
	rdb *redis.Client
	id  string
}

// Acquire takes the job lock.
func (j *JobLock) Acquire(ctx context.Context, name string) (bool, error) { // want Acquire:`NX "job-lock:"\+\$1`
	return j.rdb.SetNX(ctx, "job-lock:"+name, j.id, time.Minute).Result()
}

// Release drops the job lock without looking at the owner.
func (j *JobLock) Release(ctx context.Context, name string) {
	j.rdb.Del(ctx, "job-lock:"+name) // want `lock is released with a plain DEL`
}

// Extend checks the owner, then extends in a second command.
func (j *JobLock) Extend(ctx context.Context, name string) (bool, error) {
	key := "job-lock:" + name
	if j.rdb.Get(ctx, key).Val() == j.id {
		return j.rdb.Expire(ctx, key, time.Minute).Result() // want `lock is extended with an EXPIRE separate from the GET`
	}
	return false, nil
}

// --- safe look-alikes ---

var release = redis.NewScript(`if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`)

var refresh = redis.NewScript(`if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("pexpire", KEYS[1], ARGV[2]) end return 0`)

// SafeUnlock deletes only its own lock, in one script.
func (m *Mutex) SafeUnlock(ctx context.Context, id string) error {
	return release.Run(ctx, m.rdb, []string{lockKey(id)}, m.owner).Err()
}

// SafeRefresh extends only its own lock, in one script.
func (m *Mutex) SafeRefresh(ctx context.Context, id string) error {
	return refresh.Run(ctx, m.rdb, []string{lockKey(id)}, m.owner, m.ttl.Milliseconds()).Err()
}

// Forget deletes a cache entry whose key looks like a lock's but that no
// one takes with NX.
func (m *Mutex) Forget(ctx context.Context, id string) error {
	return m.rdb.Del(ctx, fmt.Sprintf("cache:%s", id)).Err()
}

// Touch keeps a session alive: its GET tests presence, not an owner.
func (m *Mutex) Touch(ctx context.Context, sid string) error {
	if err := m.rdb.Get(ctx, "session:"+sid).Err(); err != nil {
		return err
	}
	return m.rdb.Expire(ctx, "session:"+sid, time.Hour).Err()
}

// WithLibrary uses bsm/redislock, which releases by token.
func WithLibrary(ctx context.Context, rdb *redis.Client, id string, fn func() error) error {
	l, err := redislock.New(rdb).Obtain(ctx, lockKey(id), time.Minute, nil)
	if err != nil {
		return err
	}
	defer l.Release(ctx)
	return fn()
}
