// Package tokenlocks takes locks for other packages: the key is the
// caller's, built by Key, and the unlock is left to the caller.
package tokenlocks

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"
)

// Key is the lock key of a job.
func Key(jobID string) string { return "lock:job:" + jobID }

type Locker struct{ RDB *redis.Client }

// TryLock takes key with a fresh token and a TTL, and returns the token.
func (l *Locker) TryLock(ctx context.Context, key string, ttl time.Duration) (string, bool, error) { // want TryLock:`key params nx=1 del=-1` TryLock:`NX \$1`
	token := newToken()
	ok, err := l.RDB.SetNX(ctx, key, token, ttl).Result()
	return token, ok, err
}

func newToken() string { return time.Now().String() }
