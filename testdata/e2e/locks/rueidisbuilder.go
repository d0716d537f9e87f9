package locks

import (
	"context"
	"time"

	"github.com/redis/rueidis"
	"github.com/redis/rueidis/rueidislock"
)

// Refunds takes locks with rueidis' own command builder.
type Refunds struct {
	rdb    rueidis.Client
	locker rueidislock.Locker
}

var releaseRefund = rueidis.NewLuaScript(`if redis.call("GET", KEYS[1]) == ARGV[1] then return redis.call("DEL", KEYS[1]) end return 0`)

// Forever takes a lock that never expires and releases it with a plain DEL.
func (r *Refunds) Forever(ctx context.Context, id string) error {
	if err := r.rdb.Do(ctx, r.rdb.B().Set().Key("refund:"+id).Value("1").Nx().Build()).Error(); err != nil {
		return err
	}
	defer r.rdb.Do(ctx, r.rdb.B().Del().Key("refund:"+id).Build())
	return charge(ctx, id)
}

// Legacy reads only the error of SETNX, which is nil whether or not the key
// was set.
func (r *Refunds) Legacy(ctx context.Context, id string) error {
	if err := r.rdb.Do(ctx, r.rdb.B().Setnx().Key("refund:"+id).Value("1").Build()).Error(); err != nil {
		return err
	}
	return charge(ctx, id)
}

// Owned is the safe form: a TTL, the nil reply of a taken key checked, and
// a compare-and-delete release.
func (r *Refunds) Owned(ctx context.Context, id, token string) error {
	key := "refund:" + id
	err := r.rdb.Do(ctx, r.rdb.B().Set().Key(key).Value(token).Nx().Px(30*time.Second).Build()).Error()
	if rueidis.IsRedisNil(err) {
		return nil
	}
	if err != nil {
		return err
	}
	defer releaseRefund.Exec(ctx, r.rdb, []string{key}, []string{token})
	return charge(ctx, id)
}

// Library uses rueidis' lock library, which extends and releases by owner.
func (r *Refunds) Library(ctx context.Context, id string) error {
	lctx, cancel, err := r.locker.WithContext(ctx, "refund:"+id)
	if err != nil {
		return err
	}
	defer cancel()
	return charge(lctx, id)
}
