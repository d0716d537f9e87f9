// Package broker keeps a connection to a message broker and a lock in
// Redis, with the loop shapes real reconnect code uses.
package broker

import (
	"context"
	"errors"
	"log"
	"net"
	"time"

	"github.com/redis/go-redis/v9"

	"pacing"
)

var errBusy = errors.New("broker: busy")

// Conn is a broker connection.
type Conn struct {
	addr  string
	nc    net.Conn
	rdb   *redis.Client
	limit int
	quit  chan struct{}
}

func (c *Conn) send(line string) error {
	if c.nc == nil {
		return net.ErrClosed
	}
	_, err := c.nc.Write([]byte(line))
	return err
}

// pause is the connection's own ctx-aware wait: false once ctx is done.
func (c *Conn) pause(ctx context.Context, d time.Duration) bool {
	select {
	case <-ctx.Done():
		return false
	case <-time.After(d):
		return true
	}
}

// Dial tries until the broker answers: the nil connection is the only
// test, and nothing limits it.
func (c *Conn) Dial() net.Conn {
	var nc net.Conn
	for nc == nil { // want `retry loop can run forever`
		conn, err := net.Dial("tcp", c.addr)
		if err != nil {
			log.Printf("broker: dial %s: %v", c.addr, err)
			time.Sleep(time.Second)
			continue
		}
		nc = conn
	}
	return nc
}

// Attach fills in the connection the attempt returns.
func (c *Conn) Attach() {
	var err error
	for c.nc == nil { // want `retry loop can run forever`
		c.nc, err = net.Dial("tcp", c.addr)
		if err != nil {
			time.Sleep(pacing.Step(1))
		}
	}
}

// Announce counts its attempts only to grow the delay.
func (c *Conn) Announce() {
	for attempt := 1; ; attempt++ { // want `retry loop can run forever`
		if err := c.send("HELLO"); err == nil {
			return
		}
		time.Sleep(pacing.Step(attempt))
	}
}

// Ack counts failures, but a busy answer goes round without counting.
func (c *Conn) Ack(tag string) error {
	failures := 0
	for { // want `retry loop can run forever`
		err := c.send("ACK " + tag)
		if err == nil {
			return nil
		}
		if errors.Is(err, errBusy) {
			time.Sleep(pacing.Step(failures))
			continue
		}
		failures++
		if failures >= c.limit {
			return err
		}
		time.Sleep(pacing.Step(failures))
	}
}

// Leader pings until it works; the break only leaves the select.
func (c *Conn) Leader(ctx context.Context) {
	for attempt := 0; ; attempt++ { // want `retry loop can run forever`
		if err := c.send("LEADER"); err == nil {
			return
		}
		select {
		case <-ctx.Done():
			break
		case <-time.After(pacing.Step(attempt)):
		}
	}
}

// Lock spins until SETNX takes the key, with no limit and no context.
func (c *Conn) Lock(key string) error {
	ctx := context.Background()
	for { // want `retry loop can run forever`
		ok, err := c.rdb.SetNX(ctx, key, "1", time.Minute).Result()
		if err != nil {
			return err
		}
		if ok {
			return nil
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// Napper sleeps through a helper that no context can stop.
func (c *Conn) Napper() error {
	for { // want `retry loop can run forever`
		if err := c.send("NAP"); err == nil {
			return nil
		}
		if err := pacing.Nap(time.Second); err != nil {
			return err
		}
	}
}

// The look-alikes below stay silent.

// Subscribe ends when the shared wait's context is done.
func (c *Conn) Subscribe(ctx context.Context, topic string) error {
	for {
		err := c.send("SUB " + topic)
		if err == nil {
			return nil
		}
		if err := pacing.Wait(ctx, time.Second); err != nil {
			return err
		}
	}
}

// Heartbeat stops when its own wait says the context is done.
func (c *Conn) Heartbeat(ctx context.Context) error {
	for {
		if err := c.send("PING"); err == nil {
			return nil
		}
		if !c.pause(ctx, time.Second) {
			return ctx.Err()
		}
	}
}

// Resume checks the quit channel in every wait, whichever case comes first.
func (c *Conn) Resume() error {
	for attempt := 0; ; attempt++ {
		err := c.send("RESUME")
		if err == nil {
			return nil
		}
		select {
		case <-time.After(pacing.Step(attempt)):
		case <-c.quit:
			return err
		}
	}
}

// TryLock spins for the lock a bounded number of times.
func (c *Conn) TryLock(ctx context.Context, key string) (bool, error) {
	for range 5 {
		ok, err := c.rdb.SetNX(ctx, key, "1", time.Minute).Result()
		if err != nil {
			return false, err
		}
		if ok {
			return true, nil
		}
		if err := pacing.Wait(ctx, 50*time.Millisecond); err != nil {
			return false, err
		}
	}
	return false, nil
}

// Publish counts every failure, busy or not.
func (c *Conn) Publish(msg string) error {
	failures := 0
	for {
		err := c.send("PUB " + msg)
		if err == nil {
			return nil
		}
		failures++
		if failures >= c.limit {
			return err
		}
		if errors.Is(err, errBusy) {
			time.Sleep(pacing.Step(failures))
			continue
		}
		time.Sleep(time.Second)
	}
}

// Fanout sends to each address once: not a retry.
func (c *Conn) Fanout(addrs []string) error {
	var err error
	for _, a := range addrs {
		var nc net.Conn
		if nc, err = net.Dial("tcp", a); err == nil {
			return nc.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}
