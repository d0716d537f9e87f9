// Package walkloops holds lock keys in locals assigned once from
// themselves: comparing or rendering a key through the value of a local
// must stop at a local it is already reading.
package walkloops

import (
	"context"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"
)

func charge(ctx context.Context, id string) error { return nil }

// key is assigned once, from itself: the SET NX and the DEL name the
// same key, and the DEL does not check the owner.
func selfKeyDel(ctx context.Context, rdb *redis.Client, id string) error {
	var key string
	key = fmt.Sprint("lock:", key)
	ok, err := rdb.SetNX(ctx, key, "token", 30*time.Second).Result()
	if err != nil || !ok {
		return err
	}
	defer rdb.Del(ctx, key) // want `lock is released with a plain DEL that does not check the owner token`
	return charge(ctx, id)
}

// The key concatenated onto itself: a helper whose key has no shape to
// tell its callers.
func selfKeyHelper(ctx context.Context, rdb *redis.Client) (bool, error) {
	var k string
	k = "lock:" + k
	return rdb.SetNX(ctx, k, "1", time.Minute).Result()
}

// The DEL names another key than the lock: not the lock's release.
func otherKeyDel(ctx context.Context, rdb *redis.Client, id string) {
	var key string
	key = fmt.Sprint("lock:", key)
	if ok, _ := rdb.SetNX(ctx, key, "1", time.Minute).Result(); ok {
		rdb.Del(ctx, fmt.Sprint("cache:", key))
	}
}
