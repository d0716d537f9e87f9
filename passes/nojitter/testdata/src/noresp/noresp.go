// want package:`waits Publish Wait`

// Package noresp retries a request while the server has no responders,
// with the time left as the request's timeout; and polls a job whose
// "not ready" answer is no failure.
package noresp

import (
	"context"
	"errors"
	"time"

	"norespdep"
)

const retryWait = 250 * time.Millisecond

func Publish(ctx context.Context, c *norespdep.Conn, m *norespdep.Msg, ttl time.Duration) (*norespdep.Msg, error) {
	resp, err := c.Request(ctx, m, ttl)
	for r := 0; errors.Is(err, norespdep.ErrNoResponders) && r < 3; r++ {
		time.Sleep(retryWait) // want `retry delay has no jitter`
		ttl -= retryWait
		if ttl <= 0 {
			return nil, context.DeadlineExceeded
		}
		resp, err = c.Request(ctx, m, ttl)
	}
	return resp, err
}

// Wait polls the job: a "not ready" answer is a success that says not
// yet, and every real error returns.
func Wait(ctx context.Context, c *norespdep.Conn, id string) (*norespdep.Msg, error) {
	for {
		msg, err := c.Result(ctx, id)
		if errors.Is(err, norespdep.ErrNotReady) {
			time.Sleep(time.Second)
			continue
		}
		return msg, err
	}
}
