package broker

import (
	"context"
	"net"
	"time"
)

// Endpoint polls a broker endpoint until it answers.
type Endpoint struct {
	addr string
	d    net.Dialer
}

// AwaitReady dials on every tick until the broker accepts: nothing ends
// the ticks while the broker stays down.
func (e *Endpoint) AwaitReady() net.Conn {
	tick := time.NewTicker(2 * time.Second)
	defer tick.Stop()
	for range tick.C { // want `retry loop can run forever`
		c, err := e.d.Dial("tcp", e.addr)
		if err == nil {
			return c
		}
	}
	return nil
}

// AwaitReadyEvery is the same poll on time.Tick.
func (e *Endpoint) AwaitReadyEvery() net.Conn {
	for range time.Tick(time.Second) { // want `retry loop can run forever`
		if c, err := e.d.Dial("tcp", e.addr); err == nil {
			return c
		}
	}
	return nil
}

// AwaitReadyCtx stops when the caller's context is done.
func (e *Endpoint) AwaitReadyCtx(ctx context.Context) (net.Conn, error) {
	tick := time.NewTicker(2 * time.Second)
	defer tick.Stop()
	for range tick.C {
		c, err := e.d.DialContext(ctx, "tcp", e.addr)
		if err == nil {
			return c, nil
		}
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
	}
	return nil, nil
}

// Heartbeat pings on every tick, forever, and stops at the first failure:
// periodic work, not a retry.
func (e *Endpoint) Heartbeat(ping func() error) error {
	tick := time.NewTicker(30 * time.Second)
	defer tick.Stop()
	for range tick.C {
		if err := ping(); err != nil {
			return err
		}
	}
	return nil
}

// Flush writes on every tick and logs failures: it never leaves on
// success either, so it is not a retry.
func (e *Endpoint) Flush(flush func() error) {
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	for range tick.C {
		_ = flush()
	}
}

// AwaitSelect waits for ticks in a select with no other case: the tick
// is the schedule, and nothing stops the dials while the broker is down.
func (e *Endpoint) AwaitSelect() net.Conn {
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	for { // want `retry loop can run forever`
		select {
		case <-tick.C:
			if c, err := e.d.Dial("tcp", e.addr); err == nil {
				return c
			}
		}
	}
}

// AwaitSelectQuit also leaves when quit is closed.
func (e *Endpoint) AwaitSelectQuit(quit <-chan struct{}) net.Conn {
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	for {
		select {
		case <-quit:
			return nil
		case <-tick.C:
			if c, err := e.d.Dial("tcp", e.addr); err == nil {
				return c
			}
		}
	}
}

// AwaitSelectDeadline gives up when its one-shot timer fires.
func (e *Endpoint) AwaitSelectDeadline() net.Conn {
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	deadline := time.NewTimer(time.Minute)
	defer deadline.Stop()
	for {
		select {
		case <-deadline.C:
			return nil
		case <-tick.C:
			if c, err := e.d.Dial("tcp", e.addr); err == nil {
				return c
			}
		}
	}
}
