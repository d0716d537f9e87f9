package rlocks

import (
	"context"
	"errors"
	"time"

	"github.com/redis/go-redis/v9"
)

// Exports runs nightly exports once across the fleet.
type Exports struct {
	rdb *redis.Client
}

func (e *Exports) claim(ctx context.Context, day string) (bool, error) { // want claim:`NX "export:"\+\$1`
	return e.rdb.SetNX(ctx, "export:"+day, "running", time.Hour).Result() // want `SET NX marker is not atomic with the work it guards`
}

func (e *Exports) markDone(ctx context.Context, day string) error { // want markDone:`SET "export:"\+\$1`
	return e.rdb.Set(ctx, "export:"+day, "done", 30*24*time.Hour).Err()
}

// Run claims the day, exports, and marks the day done.
func (e *Exports) Run(ctx context.Context, day string, export func(context.Context) error) error {
	ok, err := e.claim(ctx, day)
	if err != nil || !ok {
		return err
	}
	if err := export(ctx); err != nil {
		return err
	}
	return e.markDone(ctx, day)
}

// Rerun claims one day and marks another: different keys, not reported.
func (e *Exports) Rerun(ctx context.Context, day, prev string, export func(context.Context) error) error {
	ok, err := e.claim(ctx, day)
	if err != nil || !ok {
		return err
	}
	if err := export(ctx); err != nil {
		return err
	}
	return e.markDone(ctx, prev)
}

// Deliver sends a webhook once: GET misses, the send runs, SET marks it.
func (e *Exports) Deliver(ctx context.Context, id string, send func() error) error {
	key := "delivered:" + id
	if _, err := e.rdb.Get(ctx, key).Result(); !errors.Is(err, redis.Nil) {
		return err
	}
	if err := send(); err != nil {
		return err
	}
	return e.rdb.Set(ctx, key, 1, 24*time.Hour).Err() // want `GET then SET of the same key is a check-then-set race`
}

// Notify tests the marker with Exists(...).Val().
func (e *Exports) Notify(ctx context.Context, id string, send func() error) error {
	key := "notified:" + id
	if e.rdb.Exists(ctx, key).Val() > 0 {
		return nil
	}
	if err := send(); err != nil {
		return err
	}
	return e.rdb.Set(ctx, key, true, 0).Err() // want `GET then SET of the same key is a check-then-set race`
}

// Cached fills a cache entry on a miss: computed data, a racing fill is
// harmless.
func (e *Exports) Cached(ctx context.Context, id string, load func() (string, error)) (string, error) {
	v, err := e.rdb.Get(ctx, "report:"+id).Result()
	if err == nil {
		return v, nil
	}
	v, err = load()
	if err != nil {
		return "", err
	}
	return v, e.rdb.Set(ctx, "report:"+id, v, time.Hour).Err()
}

// Seed writes the counters' starting values if they are missing; nothing
// after it depends on which caller wrote them.
func Seed(ctx context.Context, rdb *redis.Client) error {
	rdb.SetNX(ctx, "seq:invoices", 1000, 0)
	if err := rdb.SetNX(ctx, "seq:orders", 1, 0).Err(); err != nil {
		return err
	}
	return nil
}

// Pause sets a permanent "paused" flag that Resume clears.
func (e *Exports) Pause(ctx context.Context, queue string) error {
	return e.rdb.SetNX(ctx, "paused:"+queue, 1, 0).Err()
}

// Resume clears the "paused" flag.
func (e *Exports) Resume(ctx context.Context, queue string) error {
	return e.rdb.Del(ctx, "paused:"+queue).Err()
}

// Once does work after a dropped SetNX result: still reported.
func (e *Exports) Once(ctx context.Context, id string, fn func() error) error {
	e.rdb.SetNX(ctx, "once:"+id, 1, time.Hour) // want `the result of SET NX is ignored`
	return fn()
}

// takeExport drops the result of SET NX on the key claim takes as a lock:
// an acquisition of that lock, not a seed.
func (e *Exports) takeExport(ctx context.Context, day string) {
	e.rdb.SetNX(ctx, "export:"+day, "running", 0) // want `lock key is set with NX and no expiry` `the result of SET NX is ignored`
}

// Charge tests GET's error against redis.Nil inside the if.
func (e *Exports) Charge(ctx context.Context, id string, charge func() error) error {
	key := "charged:" + id
	_, err := e.rdb.Get(ctx, key).Result()
	if err == redis.Nil {
		if err := charge(); err != nil {
			return err
		}
		return e.rdb.Set(ctx, key, "1", 0).Err() // want `GET then SET of the same key is a check-then-set race`
	}
	return err
}

// Welcome reads the marker with Val().
func (e *Exports) Welcome(ctx context.Context, user string, send func() error) error {
	key := "welcomed:" + user
	if v := e.rdb.Get(ctx, key).Val(); v != "" {
		return nil
	}
	if err := send(); err != nil {
		return err
	}
	return e.rdb.Set(ctx, key, "yes", 0).Err() // want `GET then SET of the same key is a check-then-set race`
}
