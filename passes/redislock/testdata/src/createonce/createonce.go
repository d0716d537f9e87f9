// Package createonce writes values that are set once and kept: SET NX with
// no expiry whose result only chooses between the value written and a GET
// of the same key. The first writer wins and every caller returns the
// value that won; there is no holder to crash. Found on a blind-labelled
// repository, where a get-or-create store was reported as a lock without
// expiry. Locks written the same way, and stores whose key is deleted,
// are still reported.
package createonce

import (
	"context"
	"errors"
	"time"

	"github.com/redis/go-redis/v9"
)

type Store struct{ rdb *redis.Client }

// GetOrCreate returns the value stored under key, writing value if none
// was.
func (s *Store) GetOrCreate(ctx context.Context, key, value string) (string, error) {
	created, err := s.rdb.SetNX(ctx, key, value, 0).Result()
	if err != nil {
		return "", err
	}
	if created {
		return value, nil
	}
	return s.rdb.Get(ctx, key).Result()
}

// SecretFor is the same with a constant key family and the GET's result
// returned through a variable.
func (s *Store) SecretFor(ctx context.Context, tenant, secret string) (string, error) {
	if ok, err := s.rdb.SetNX(ctx, "secret:"+tenant, secret, 0).Result(); err != nil || ok {
		return secret, err
	}
	return s.rdb.Get(ctx, "secret:"+tenant).Result()
}

// InstallationID reads the stored value first, and on a lost race reads
// the winner's value into a variable before returning it.
func (s *Store) InstallationID(ctx context.Context, key, fresh string) (string, error) {
	id, err := s.rdb.Get(ctx, key).Result()
	if err == nil {
		return id, nil
	}
	wasSet, err := s.rdb.SetNX(ctx, key, fresh, time.Duration(0)).Result()
	if err != nil {
		return "", err
	}
	if wasSet {
		return fresh, nil
	}
	id, err = s.rdb.Get(ctx, key).Result()
	if err != nil {
		return "", err
	}
	return id, nil
}

func work(ctx context.Context) error { return nil }

// Run takes a lock with no expiry, works, and deletes it: a lock.
func (s *Store) Run(ctx context.Context, id, tok string) error {
	lockKey := "job:" + id
	ok, _ := s.rdb.SetNX(ctx, lockKey, tok, 0).Result() // want `lock key is set with NX and no expiry`
	if !ok {
		return errors.New("busy")
	}
	if err := work(ctx); err != nil {
		return err
	}
	return s.rdb.Del(ctx, lockKey).Err() // want `lock is released with a plain DEL`
}

// Once guards work with an NX and no expiry, and reads back the holder on
// the other branch: still a lock.
func (s *Store) Once(ctx context.Context, id, owner string) (string, error) {
	ok, err := s.rdb.SetNX(ctx, "once:"+id, owner, 0).Result() // want `lock key is set with NX and no expiry`
	if err != nil {
		return "", err
	}
	if !ok {
		return s.rdb.Get(ctx, "once:"+id).Result()
	}
	return owner, work(ctx)
}

// Token is written once and read back, but Revoke deletes it: whoever
// reads it next may write another, so it is judged as a lock.
func (s *Store) Token(ctx context.Context, user, tok string) (string, error) {
	ok, err := s.rdb.SetNX(ctx, "token:"+user, tok, 0).Result() // want `lock key is set with NX and no expiry`
	if err != nil || ok {
		return tok, err
	}
	return s.rdb.Get(ctx, "token:"+user).Result()
}

func (s *Store) Revoke(ctx context.Context, user string) error {
	return s.rdb.Del(ctx, "token:"+user).Err() // want `lock is released with a plain DEL`
}
