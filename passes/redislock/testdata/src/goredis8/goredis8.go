package goredis8

import (
	"context"
	"time"

	"github.com/go-redis/redis/v8"
)

func work() {}

func noTTL(ctx context.Context, rdb *redis.Client, id string) {
	if rdb.SetNX(ctx, "lock:"+id, 1, 0).Val() { // want `lock key is set with NX and no expiry`
		work()
	}
}

func unlock(ctx context.Context, rdb *redis.Client, id string) {
	if rdb.SetNX(ctx, "lock:"+id, 1, time.Minute).Val() {
		work()
		rdb.Del(ctx, "lock:"+id) // want `lock is released with a plain DEL`
	}
}

func ignored(ctx context.Context, rdb *redis.Client, id string) {
	_ = rdb.SetNX(ctx, "lock:"+id, 1, time.Minute) // want `the result of SET NX is ignored`
	work()
}

func safe(ctx context.Context, rdb *redis.Client, id string) { // want safe:`NX "lock:"\+\$2`
	if ok, err := rdb.SetNX(ctx, "lock:"+id, 1, time.Minute).Result(); err == nil && ok {
		work()
	}
}
