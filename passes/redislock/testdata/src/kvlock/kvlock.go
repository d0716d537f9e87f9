// Package kvlock is a thin Redis lock wrapper in the shape many services
// keep in an internal package: the methods take the key from the caller,
// so nothing here says which keys are locks.
package kvlock

import (
	"context"
	"errors"
	"time"

	"github.com/redis/go-redis/v9"
)

var ErrNotOwner = errors.New("kvlock: not the owner")

type Store struct {
	rdb *redis.Client
	ttl time.Duration
}

// Acquire takes key for owner.
func (s *Store) Acquire(ctx context.Context, key, owner string) (bool, error) { // want Acquire:`NX \$1` Acquire:`key params nx=1 del=-1`
	return s.rdb.SetNX(ctx, key, owner, s.ttl).Result()
}

// Release drops key, whoever holds it: a plain DEL. Its callers decide
// whether the key is a lock.
func (s *Store) Release(ctx context.Context, key string) error { // want Release:`key params nx=-1 del=1`
	return s.rdb.Del(ctx, key).Err() // want `lock is released with a plain DEL in Release, given the key Acquire took`
}

// ReleaseIfOwner compares and deletes in two commands: the lock can expire
// and pass to another owner between the GET and the DEL.
func (s *Store) ReleaseIfOwner(ctx context.Context, key, owner string) error {
	cur, err := s.rdb.Get(ctx, key).Result()
	if err != nil {
		return err
	}
	if cur != owner {
		return ErrNotOwner
	}
	return s.rdb.Del(ctx, key).Err() // want `lock is released with a plain DEL separate from the GET that checked its owner`
}

// Forget deletes a cached value.
func (s *Store) Forget(ctx context.Context, key string) error { // want Forget:`key params nx=-1 del=1`
	return s.rdb.Del(ctx, key).Err()
}

// Sweep takes the sweep lock and releases it in the same package.
func (s *Store) Sweep(ctx context.Context, work func() error) error {
	ok, err := s.Acquire(ctx, "sweep", "me")
	if err != nil || !ok {
		return err
	}
	defer s.Release(ctx, "sweep")
	return work()
}

// ConsumeCode is a one-time code: GET, compare with what the user typed,
// DEL. Racy for double use, but no lock is released here.
func ConsumeCode(ctx context.Context, rdb *redis.Client, email, code string) error {
	want, err := rdb.Get(ctx, "reset:"+email).Result()
	if err != nil {
		return err
	}
	if want != code {
		return errors.New("bad code")
	}
	return rdb.Del(ctx, "reset:"+email).Err()
}
