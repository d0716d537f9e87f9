// want package:`waits WaitActive WaitActiveSleeping WaitBackground`

// Package errcalltest waits for an active connection by asking, on every
// tick, whether there is one: the call returns an error and is tested where
// it is made (if c.activeConn() == nil), an attempt like any other.
package errcalltest

import (
	"context"
	"errors"
	"time"
)

type Client struct{ conns int }

func (c *Client) healthcheck(ctx context.Context) {}

func (c *Client) activeConn() error {
	if c.conns == 0 {
		return errors.New("no active connection")
	}
	return nil
}

// WaitActive probes on a constant ticker until a connection is active.
func WaitActive(c *Client, stop <-chan struct{}) {
	t := time.NewTicker(5 * time.Second)
	defer t.Stop()
	for {
		select {
		case <-stop:
			return
		case <-t.C: // want `retry delay has no jitter`
			c.healthcheck(context.Background())
			if c.activeConn() == nil {
				return
			}
		}
	}
}

// WaitActiveSleeping asks the other way round.
func WaitActiveSleeping(ctx context.Context, c *Client) error {
	for {
		if c.activeConn() != nil {
			time.Sleep(time.Second) // want `retry delay has no jitter`
			continue
		}
		return nil
	}
}

// WaitBackground only checks its context between rounds of work that
// cannot fail: ctx.Err() is no attempt.
func WaitBackground(ctx context.Context, c *Client) {
	for ctx.Err() == nil {
		c.healthcheck(ctx)
		time.Sleep(time.Second)
	}
}
