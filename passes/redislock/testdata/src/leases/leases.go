// Package leases hands out Redis leases behind a Leaser interface, whose
// one implementation lives here; callers in other packages hold the
// interface.
package leases

import (
	"context"
	"errors"
	"time"

	"github.com/redis/go-redis/v9"
)

var ErrHeld = errors.New("leases: held by another worker")

// Leaser takes and gives back leases on keys its caller names.
type Leaser interface {
	Take(ctx context.Context, key string) error // want Take:`key params nx=1 del=-1` Take:`NX \$1`
	Give(ctx context.Context, key string) error // want Give:`key params nx=-1 del=1`
}

type redisLeaser struct {
	rdb *redis.Client
	ttl time.Duration
}

// New returns the package's only Leaser.
func New(rdb *redis.Client) Leaser { return &redisLeaser{rdb: rdb, ttl: 30 * time.Second} }

func (l *redisLeaser) Take(ctx context.Context, key string) error { // want Take:`NX \$1` Take:`key params nx=1 del=-1`
	ok, err := l.rdb.SetNX(ctx, key, "1", l.ttl).Result()
	if err != nil {
		return err
	}
	if !ok {
		return ErrHeld
	}
	return nil
}

func (l *redisLeaser) Give(ctx context.Context, key string) error { // want Give:`key params nx=-1 del=1`
	return l.rdb.Del(ctx, key).Err()
}

// Evicter drops cache entries; it has two implementations, so a call
// through it could run either.
type Evicter interface {
	Evict(ctx context.Context, key string) error
}

type redisEvicter struct{ rdb *redis.Client }

func (e redisEvicter) Evict(ctx context.Context, key string) error { // want Evict:`key params nx=-1 del=1`
	return e.rdb.Del(ctx, key).Err()
}

type noopEvicter struct{}

func (noopEvicter) Evict(context.Context, string) error { return nil }
