// Package aliasedclient takes and releases locks through a client it
// reaches only through another package of the program (an alias, a
// field of that package's struct): it never imports go-redis itself.
package aliasedclient

import (
	"context"
	"time"

	"aliasedclient/rds"
)

type Claims struct {
	rc *rds.Client
}

func (c *Claims) Exec(ctx context.Context, key string, work func(context.Context) error) error {
	ok, err := c.rc.SetNX(ctx, key, "processing", 5*time.Second).Result()
	if err != nil || !ok {
		return err
	}
	if err := work(ctx); err != nil {
		c.rc.Del(ctx, key) // want `lock is released with a plain DEL`
		return err
	}
	return nil
}

// A store's client, reached through a field of another package's struct.
func Settle(ctx context.Context, s *rds.Store, id string, work func() error) error {
	ok, err := s.R.SetNX(ctx, "settle:"+id, 1, 0).Result() // want `lock key is set with NX and no expiry`
	if err != nil || !ok {
		return err
	}
	return work()
}

// Reads only: a GET through the alias is no lock.
func Peek(ctx context.Context, rc *rds.Client, key string) (string, error) { // want Peek:`GET \$2`
	return rc.Get(ctx, key).Result()
}
