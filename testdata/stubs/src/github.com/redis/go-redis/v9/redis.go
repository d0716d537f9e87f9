package redis

import (
	"context"
	"time"
)

const KeepTTL = -1

type RedisError string

func (e RedisError) Error() string { return string(e) }

const Nil = RedisError("redis: nil")

type Options struct{ Addr string }

type cmdable func(ctx context.Context, cmd interface{}) error

type Client struct {
	cmdable
}

func NewClient(opt *Options) *Client { return &Client{} }

type BoolCmd struct{}

func (cmd *BoolCmd) Val() bool             { return false }
func (cmd *BoolCmd) Result() (bool, error) { return false, nil }
func (cmd *BoolCmd) Err() error            { return nil }

type StatusCmd struct{}

func (cmd *StatusCmd) Val() string             { return "" }
func (cmd *StatusCmd) Result() (string, error) { return "", nil }
func (cmd *StatusCmd) Err() error              { return nil }

type StringCmd struct{}

func (cmd *StringCmd) Val() string             { return "" }
func (cmd *StringCmd) Result() (string, error) { return "", nil }
func (cmd *StringCmd) Err() error              { return nil }

type IntCmd struct{}

func (cmd *IntCmd) Val() int64             { return 0 }
func (cmd *IntCmd) Result() (int64, error) { return 0, nil }
func (cmd *IntCmd) Err() error             { return nil }

type Cmd struct{}

func (cmd *Cmd) Result() (interface{}, error) { return nil, nil }
func (cmd *Cmd) Err() error                   { return nil }

type SetArgs struct {
	Mode     string
	TTL      time.Duration
	ExpireAt time.Time
	Get      bool
	KeepTTL  bool
}

func (c cmdable) SetNX(ctx context.Context, key string, value interface{}, expiration time.Duration) *BoolCmd {
	return nil
}
func (c cmdable) Set(ctx context.Context, key string, value interface{}, expiration time.Duration) *StatusCmd {
	return nil
}
func (c cmdable) SetArgs(ctx context.Context, key string, value interface{}, a SetArgs) *StatusCmd {
	return nil
}
func (c cmdable) Get(ctx context.Context, key string) *StringCmd                    { return nil }
func (c cmdable) Exists(ctx context.Context, keys ...string) *IntCmd                { return nil }
func (c cmdable) Del(ctx context.Context, keys ...string) *IntCmd                   { return nil }
func (c cmdable) Unlink(ctx context.Context, keys ...string) *IntCmd                { return nil }
func (c cmdable) Expire(ctx context.Context, key string, d time.Duration) *BoolCmd  { return nil }
func (c cmdable) PExpire(ctx context.Context, key string, d time.Duration) *BoolCmd { return nil }
func (c cmdable) Eval(ctx context.Context, script string, keys []string, args ...interface{}) *Cmd {
	return nil
}
func (c cmdable) Do(ctx context.Context, args ...interface{}) *Cmd { return nil }

type Scripter interface {
	Eval(ctx context.Context, script string, keys []string, args ...interface{}) *Cmd
}

type Script struct{ src string }

func NewScript(src string) *Script { return &Script{src: src} }
func (s *Script) Run(ctx context.Context, c Scripter, keys []string, args ...interface{}) *Cmd {
	return nil
}

// TxFailedErr is returned by Watch when a watched key changed.
const TxFailedErr = RedisError("redis: transaction failed")

type Tx struct{ cmdable }

func (c *Client) Watch(ctx context.Context, fn func(*Tx) error, keys ...string) error { return nil }
