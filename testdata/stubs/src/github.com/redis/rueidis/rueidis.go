// Package rueidis is a stub of github.com/redis/rueidis: the client type the
// compat adapter wraps, the command builder (aliased from internal/cmds),
// Do and its RedisResult, Lua scripts and IsRedisNil.
package rueidis

import (
	"context"

	"github.com/redis/rueidis/internal/cmds"
)

// Builder builds commands: client.B().Set().Key(k).Value(v).Nx().Build().
type Builder = cmds.Builder

// Completed is a built command.
type Completed = cmds.Completed

// Cacheable is a built read-only command for DoCache.
type Cacheable = cmds.Cacheable

// CoreClient sends built commands.
type CoreClient interface {
	B() Builder
	Do(ctx context.Context, cmd Completed) (resp RedisResult)
	Close()
}

// Client is a rueidis client.
type Client interface {
	CoreClient
	DoCache(ctx context.Context, cmd Cacheable, ttl int64) (resp RedisResult)
}

// RedisResult is the reply of a command.
type RedisResult struct{ err error }

func (r RedisResult) Error() error              { return r.err }
func (r RedisResult) ToString() (string, error) { return "", r.err }
func (r RedisResult) AsBool() (bool, error)     { return false, r.err }
func (r RedisResult) AsInt64() (int64, error)   { return 0, r.err }
func (r RedisResult) AsBytes() ([]byte, error)  { return nil, r.err }
func (r RedisResult) NonRedisError() error      { return r.err }

// IsRedisNil reports whether err is a nil reply (a SET NX that was not set,
// a GET of a missing key).
func IsRedisNil(err error) bool { return err != nil }

// Lua is a script run by EVALSHA, falling back to EVAL.
type Lua struct{ script string }

func NewLuaScript(script string) *Lua { return &Lua{script} }

func (s *Lua) Exec(ctx context.Context, c Client, keys, args []string) (resp RedisResult) {
	return RedisResult{}
}

// ClientOption configures a client.
type ClientOption struct {
	InitAddress []string
}
