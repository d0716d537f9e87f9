package ctxhelper

import (
	"context"
	"errors"
	"time"

	"ctxhelper/retryx"
)

type conn struct{}

func dial() (*conn, error) { return nil, errors.New("refused") }

func wait(error) time.Duration { return time.Second }

// The helper stops only when its context is done, and this one never is.
func reconnectForever() *conn {
	c, _ := retryx.Until(context.Background(), dial, wait) // want `retry can run forever: Until stops only when its context is done, and context.Background\(\) never is`
	return c
}

// The same through a variable that holds a context that is never done.
func reconnectTODO() *conn {
	ctx := context.TODO()
	c, _ := retryx.Until(ctx, func() (*conn, error) { return dial() }, wait) // want `retry can run forever`
	return c
}

// A caller's context: the caller decides when to stop.
func reconnect(ctx context.Context) *conn {
	c, _ := retryx.Until(ctx, dial, wait)
	return c
}

// A context with a deadline bounds it.
func reconnectWithin() *conn {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	c, _ := retryx.Until(ctx, dial, wait)
	return c
}

// A helper bounded by a count or by the time does not need the context.
func counted() error {
	return retryx.Counted(context.Background(), 3, func() error { _, err := dial(); return err })
}

func within() error {
	return retryx.Within(context.Background(), func() error { _, err := dial(); return err })
}

// The operation counts its own attempts and gives up by succeeding with
// nothing: the closure bounds the retries.
func selfCounted() *conn {
	tries := 0
	c, _ := retryx.Until(context.Background(), func() (*conn, error) {
		tries++
		if tries > 5 {
			return nil, nil
		}
		return dial()
	}, wait)
	return c
}
