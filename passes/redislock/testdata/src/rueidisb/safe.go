package rueidisb

import (
	"context"
	"time"

	"github.com/redis/rueidis"
	"github.com/redis/rueidis/rueidislock"
)

const unlockScript = `if redis.call("GET", KEYS[1]) == ARGV[1] then return redis.call("DEL", KEYS[1]) end return 0`

var unlock = rueidis.NewLuaScript(unlockScript)

// Locked takes the lock with a TTL, tells a taken key by its nil reply and
// releases it with a compare-and-delete script.
func (j *Jobs) Locked(ctx context.Context, id, token string) error {
	key := "job:" + id
	err := j.rdb.Do(ctx, j.rdb.B().Set().Key(key).Value(token).Nx().Px(j.ttl).Build()).Error()
	if rueidis.IsRedisNil(err) {
		return errBusy
	}
	if err != nil {
		return err
	}
	defer unlock.Exec(ctx, j.rdb, []string{key}, []string{token})
	return j.run(ctx, id)
}

// Seconds and timestamps are TTLs too.
func (j *Jobs) Seconds(ctx context.Context, id string) (bool, error) { // want Seconds:`NX "job:"\+\$1`
	return j.rdb.Do(ctx, j.rdb.B().Set().Key("job:"+id).Value("1").Nx().ExSeconds(60).Build()).AsBool()
}

func (j *Jobs) Until(ctx context.Context, id string, deadline time.Time) error { // want Until:`NX "job:"\+\$1`
	if _, err := j.rdb.Do(ctx, j.rdb.B().Set().Key("job:"+id).Value("1").Nx().Pxat(deadline).Build()).ToString(); err != nil {
		return errBusy
	}
	return j.run(ctx, id)
}

// ScriptUnlock releases through EVAL built with the builder.
func (j *Jobs) ScriptUnlock(ctx context.Context, id, token string) error {
	if err := j.rdb.Do(ctx, j.rdb.B().Set().Key("job:"+id).Value(token).Nx().Ex(time.Minute).Build()).Error(); err != nil {
		return errBusy
	}
	defer j.rdb.Do(ctx, j.rdb.B().Eval().Script(unlockScript).Numkeys(1).Key("job:"+id).Arg(token).Build())
	return j.run(ctx, id)
}

// Cache: a GET deciding a SET of computed data is a cache fill, not a lock.
func (j *Jobs) Cache(ctx context.Context, id string, compute func() string) (string, error) {
	v, err := j.rdb.Do(ctx, j.rdb.B().Get().Key("cache:"+id).Build()).ToString()
	if rueidis.IsRedisNil(err) {
		v = compute()
		err = j.rdb.Do(ctx, j.rdb.B().Set().Key("cache:"+id).Value(v).Ex(time.Minute).Build()).Error()
	}
	return v, err
}

// Other keys: a DEL of a key the function did not lock.
func (j *Jobs) Other(ctx context.Context, id string) error {
	if err := j.rdb.Do(ctx, j.rdb.B().Set().Key("job:"+id).Value("1").Nx().Ex(time.Minute).Build()).Error(); err != nil {
		return errBusy
	}
	j.rdb.Do(ctx, j.rdb.B().Del().Key("cache:"+id).Build())
	return j.run(ctx, id)
}

// Library: rueidislock extends and releases by owner.
func Library(ctx context.Context, locker rueidislock.Locker, id string) error {
	lctx, cancel, err := locker.WithContext(ctx, "job:"+id)
	if err != nil {
		return err
	}
	defer cancel()
	_ = lctx
	return nil
}
