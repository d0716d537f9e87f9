// Package rueidislock is a stub of rueidis' lock library: locks with a
// validity that is extended while held and released by the owner only.
package rueidislock

import (
	"context"

	"github.com/redis/rueidis"
)

type LockerOption struct {
	ClientOption rueidis.ClientOption
	KeyMajority  int32
}

type Locker interface {
	WithContext(ctx context.Context, name string) (context.Context, context.CancelFunc, error)
	TryWithContext(ctx context.Context, name string) (context.Context, context.CancelFunc, error)
	Client() rueidis.Client
	Close()
}

func NewLocker(option LockerOption) (Locker, error) { return nil, nil }
