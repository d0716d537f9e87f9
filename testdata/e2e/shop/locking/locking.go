// Package locking names lock keys and takes locks for package shop.
package locking

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/redis/go-redis/v9"
)

// Key is the lock key of a job.
func Key(jobID string) string { return "lock:job:" + jobID }

type Locker struct{ RDB *redis.Client }

// TryLock takes the key with a token and a TTL; it returns the token.
func (l *Locker) TryLock(ctx context.Context, key string, ttl time.Duration) (string, bool, error) {
	token := uuid.NewString()
	ok, err := l.RDB.SetNX(ctx, key, token, ttl).Result()
	return token, ok, err
}
