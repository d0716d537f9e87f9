package redislock

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"
)

type Client struct{}
type Lock struct{}
type Options struct{}

func New(client redis.Scripter) *Client { return &Client{} }
func (c *Client) Obtain(ctx context.Context, key string, ttl time.Duration, opt *Options) (*Lock, error) {
	return nil, nil
}
func (l *Lock) Release(ctx context.Context) error { return nil }
