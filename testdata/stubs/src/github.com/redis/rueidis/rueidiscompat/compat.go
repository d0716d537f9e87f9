// Package rueidiscompat is a stub of github.com/redis/rueidis/rueidiscompat
// v1.0.79: the go-redis-like adapter, with the same command methods and
// command result types (generic, as there).
package rueidiscompat

import (
	"context"
	"time"

	"github.com/redis/rueidis"
)

const KeepTTL = -1

type baseCmd[T any] struct {
	val T
	err error
}

func (cmd *baseCmd[T]) Val() T             { return cmd.val }
func (cmd *baseCmd[T]) Err() error         { return cmd.err }
func (cmd *baseCmd[T]) Result() (T, error) { return cmd.val, cmd.err }

type BoolCmd struct{ baseCmd[bool] }
type StatusCmd struct{ baseCmd[string] }
type StringCmd struct{ baseCmd[string] }
type IntCmd struct{ baseCmd[int64] }
type Cmd struct{ baseCmd[any] }

type SetArgs struct {
	ExpireAt time.Time
	Mode     string
	TTL      time.Duration
	Get      bool
	KeepTTL  bool
}

// Cmdable is the adapter's command interface.
type Cmdable interface {
	SetNX(ctx context.Context, key string, value any, expiration time.Duration) *BoolCmd
	Set(ctx context.Context, key string, value any, expiration time.Duration) *StatusCmd
	SetArgs(ctx context.Context, key string, value any, a SetArgs) *StatusCmd
	Get(ctx context.Context, key string) *StringCmd
	Exists(ctx context.Context, keys ...string) *IntCmd
	Del(ctx context.Context, keys ...string) *IntCmd
	Eval(ctx context.Context, script string, keys []string, args ...any) *Cmd
}

// NewAdapter wraps a rueidis client in the go-redis-like API.
func NewAdapter(client rueidis.Client) Cmdable { return nil }
