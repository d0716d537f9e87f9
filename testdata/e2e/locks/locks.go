// Package locks takes Redis locks with go-redis, redigo and rueidis.
package locks

import (
	"context"
	"fmt"
	"time"

	redigo "github.com/gomodule/redigo/redis"
	"github.com/redis/go-redis/v9"
)

func charge(ctx context.Context, id string) error { return nil }

func ChargeOnce(ctx context.Context, rdb *redis.Client, id string) error {
	key := fmt.Sprintf("charge:%s", id)
	ok, err := rdb.SetNX(ctx, key, "PROCESSING", 10*time.Minute).Result()
	if err != nil || !ok {
		return err
	}
	if err := charge(ctx, id); err != nil {
		return err
	}
	return rdb.Set(ctx, key, "DONE", 24*time.Hour).Err()
}

func WithLock(ctx context.Context, rdb *redis.Client, id string) error {
	if err := rdb.SetNX(ctx, "lock:"+id, "1", 0).Err(); err != nil {
		return err
	}
	defer rdb.Del(ctx, "lock:"+id)
	return charge(ctx, id)
}

const release = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`

// SafeLock is the safe form.
func SafeLock(ctx context.Context, rdb *redis.Client, id, token string) error {
	ok, err := rdb.SetNX(ctx, "lock:"+id, token, 30*time.Second).Result()
	if err != nil || !ok {
		return err
	}
	defer redis.NewScript(release).Run(ctx, rdb, []string{"lock:" + id}, token)
	return charge(ctx, id)
}

func RedigoLock(c redigo.Conn, id string) error {
	if _, err := c.Do("SET", "lock:"+id, "1", "NX"); err != nil {
		return err
	}
	return nil
}
