// Package queuectl suspends and resumes queues with a flag key that the
// claim script consults with the queue's other keys, and also locks a
// queue's compaction, a lock without expiry.
package queuectl

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"
)

type Store struct{ rdb *redis.Client }

func pendingKey(q string) string   { return "q:" + q + ":pending" }
func activeKey(q string) string    { return "q:" + q + ":active" }
func suspendedKey(q string) string { return "q:" + q + ":suspended" }
func compactKey(q string) string   { return "q:" + q + ":compacting" }

var claimScript = redis.NewScript(`
if redis.call("EXISTS", KEYS[2]) == 1 then return nil end
return redis.call("RPOPLPUSH", KEYS[1], KEYS[3])`)

var releaseScript = redis.NewScript(`
if redis.call("GET", KEYS[1]) == ARGV[1] then return redis.call("DEL", KEYS[1]) end
return 0`)

// Suspend sets the flag the claim script reads: a state flag, kept until
// Resume deletes it, not a lock.
func (s *Store) Suspend(ctx context.Context, q string) error {
	ok, err := s.rdb.SetNX(ctx, suspendedKey(q), time.Now().Unix(), 0).Result()
	if err != nil {
		return err
	}
	if !ok {
		return fmt.Errorf("queue %q is already suspended", q)
	}
	return nil
}

// Resume deletes the flag.
func (s *Store) Resume(ctx context.Context, q string) error {
	n, err := s.rdb.Del(ctx, suspendedKey(q)).Result()
	if err != nil {
		return err
	}
	if n == 0 {
		return fmt.Errorf("queue %q is not suspended", q)
	}
	return nil
}

// Claim moves a task to the active list unless the queue is suspended.
func (s *Store) Claim(ctx context.Context, q string) (string, error) {
	keys := []string{pendingKey(q), suspendedKey(q), activeKey(q)}
	v, err := claimScript.Run(ctx, s.rdb, keys).Result()
	s2, _ := v.(string)
	return s2, err
}

var errBusy = errors.New("queuectl: compaction running")

// LockCompaction takes a lock with no expiry: a holder that crashes keeps
// it. Its key reaches a script only alone, to be released.
func (s *Store) LockCompaction(ctx context.Context, q, token string) error {
	ok, err := s.rdb.SetNX(ctx, compactKey(q), token, 0).Result() // want `lock key is set with NX and no expiry`
	if err != nil {
		return err
	}
	if !ok {
		return errBusy
	}
	return nil
}

// UnlockCompaction releases it with a compare-and-delete script.
func (s *Store) UnlockCompaction(ctx context.Context, q, token string) error {
	return releaseScript.Run(ctx, s.rdb, []string{compactKey(q)}, token).Err()
}
