// Locks and markers taken with rueidis' own command builder.
package rueidisb

import (
	"context"
	"errors"
	"time"

	"github.com/redis/rueidis"
)

var errBusy = errors.New("busy")

type Jobs struct {
	rdb rueidis.Client
	ttl time.Duration
}

func (j *Jobs) run(ctx context.Context, id string) error { return nil }

// NoExpiry: a crashed holder keeps the lock forever.
func (j *Jobs) NoExpiry(ctx context.Context, id string) error {
	err := j.rdb.Do(ctx, j.rdb.B().Set().Key("job:"+id).Value("1").Nx().Build()).Error() // want `lock key is set with NX and no expiry`
	if err != nil {
		return errBusy
	}
	return j.run(ctx, id)
}

// KeepTTL keeps a TTL the key does not have.
func (j *Jobs) KeepTTL(ctx context.Context, id string) error {
	ok, err := j.rdb.Do(ctx, j.rdb.B().Set().Key("job:"+id).Value("1").Nx().Keepttl().Build()).AsBool() // want `lock key is set with NX and no expiry`
	if err != nil || !ok {
		return errBusy
	}
	return j.run(ctx, id)
}

// Legacy SETNX has no expiry, and its Error() is nil whether or not the key
// was set.
func (j *Jobs) Legacy(ctx context.Context, id string) error {
	if err := j.rdb.Do(ctx, j.rdb.B().Setnx().Key("job:"+id).Value("1").Build()).Error(); err != nil { // want `lock key is set with NX and no expiry` `the result of SET NX is ignored`
		return err
	}
	return j.run(ctx, id)
}

// Dropped: the work runs whether or not the key was taken.
func (j *Jobs) Dropped(ctx context.Context, id string) error {
	j.rdb.Do(ctx, j.rdb.B().Set().Key("job:"+id).Value("1").Nx().Px(j.ttl).Build()) // want `the result of SET NX is ignored`
	return j.run(ctx, id)
}

// BlankError: the error, which is how a taken key is told, is discarded.
func (j *Jobs) BlankError(ctx context.Context, id string) error {
	_ = j.rdb.Do(ctx, j.rdb.B().Set().Key("job:"+id).Value("1").Nx().Ex(time.Minute).Build()).Error() // want `the result of SET NX is ignored`
	return j.run(ctx, id)
}

// PlainDel releases without checking the owner.
func (j *Jobs) PlainDel(ctx context.Context, id, token string) error {
	cmd := j.rdb.B().Set().Key("job:" + id).Value(token).Nx().Ex(30 * time.Second).Build()
	if err := j.rdb.Do(ctx, cmd).Error(); err != nil {
		return errBusy
	}
	defer j.rdb.Do(ctx, j.rdb.B().Del().Key("job:"+id).Build()) // want `lock is released with a plain DEL`
	return j.run(ctx, id)
}

// CheckThenSet: two callers both see the key missing.
func (j *Jobs) CheckThenSet(ctx context.Context, id string) error {
	n, err := j.rdb.Do(ctx, j.rdb.B().Exists().Key("seen:"+id).Build()).AsInt64()
	if err != nil {
		return err
	}
	if n > 0 {
		return nil
	}
	j.rdb.Do(ctx, j.rdb.B().Set().Key("seen:"+id).Value("1").Ex(time.Hour).Build()) // want `GET then SET of the same key is a check-then-set race`
	return j.run(ctx, id)
}

// GetThenSet decides the SET on a nil reply.
func (j *Jobs) GetThenSet(ctx context.Context, id string) error {
	_, err := j.rdb.Do(ctx, j.rdb.B().Get().Key("seen:"+id).Build()).ToString()
	if !rueidis.IsRedisNil(err) {
		return err
	}
	if err := j.rdb.Do(ctx, j.rdb.B().Set().Key("seen:"+id).Value("1").Build()).Error(); err != nil { // want `GET then SET of the same key is a check-then-set race`
		return err
	}
	return j.run(ctx, id)
}
