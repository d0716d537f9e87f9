package rueidisb

import (
	"context"
	"time"

	"github.com/redis/rueidis"
)

// Mutex is a lock struct over rueidis' builder.
type Mutex struct {
	rdb rueidis.Client
}

func mutexKey(name string) string { return "mutex:" + name }

// TryLock takes the lock with a TTL and returns whether it was taken.
func (m *Mutex) TryLock(ctx context.Context, name, token string) (bool, error) { // want TryLock:`NX rueidisb\.mutexKey\(\$1\)`
	err := m.rdb.Do(ctx, m.rdb.B().Set().Key(mutexKey(name)).Value(token).Nx().Px(10*time.Second).Build()).Error()
	if rueidis.IsRedisNil(err) {
		return false, nil
	}
	return err == nil, err
}

// Unlock deletes whatever lock holds the key.
func (m *Mutex) Unlock(ctx context.Context, name string) error {
	return m.rdb.Do(ctx, m.rdb.B().Del().Key(mutexKey(name)).Build()).Error() // want `lock is released with a plain DEL`
}

// Extend checks the owner and then extends in a second command.
func (m *Mutex) Extend(ctx context.Context, name, token string) error {
	v, err := m.rdb.Do(ctx, m.rdb.B().Get().Key(mutexKey(name)).Build()).ToString()
	if err != nil {
		return err
	}
	if v == token {
		return m.rdb.Do(ctx, m.rdb.B().Expire().Key(mutexKey(name)).Seconds(10).Build()).Error() // want `lock is extended with an EXPIRE separate from the GET`
	}
	return nil
}

// Seed writes a counter's first value with no work after: not a lock.
func (m *Mutex) Seed(ctx context.Context, name string) {
	m.rdb.Do(ctx, m.rdb.B().Set().Key("counter:"+name).Value("0").Nx().Build())
}
