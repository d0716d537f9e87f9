// want package:`waits Conn.connect Conn.spread next`

// Package redial reconnects by calling itself after a failure.
package redial

import (
	"context"
	"errors"
	"math/rand/v2"
	"net"
	"time"
)

var errClosed = errors.New("closed")

type Conn struct {
	addr string
	c    net.Conn
}

// connect waits a fixed second and tries again, three times at most.
func (c *Conn) connect(ctx context.Context, attempt int) error {
	conn, err := (&net.Dialer{}).DialContext(ctx, "tcp", c.addr)
	if err != nil {
		if attempt >= 3 {
			return err
		}
		time.Sleep(time.Second) // want `retry delay has no jitter`
		return c.connect(ctx, attempt+1)
	}
	c.c = conn
	return nil
}

// spread waits a random part of a second.
func (c *Conn) spread(ctx context.Context, attempt int) error {
	conn, err := (&net.Dialer{}).DialContext(ctx, "tcp", c.addr)
	if err != nil {
		if attempt >= 3 {
			return err
		}
		time.Sleep(500*time.Millisecond + rand.N(500*time.Millisecond))
		return c.spread(ctx, attempt+1)
	}
	c.c = conn
	return nil
}

// next dials the next address of a list: not a retry of the same one.
func next(ctx context.Context, addrs []string) (net.Conn, error) {
	if len(addrs) == 0 {
		return nil, errClosed
	}
	conn, err := (&net.Dialer{}).DialContext(ctx, "tcp", addrs[0])
	if err != nil {
		time.Sleep(time.Second)
		return next(ctx, addrs[1:])
	}
	return conn, nil
}
