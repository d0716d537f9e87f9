package reconnect

import (
	"context"
	"errors"
	"log"
	"net"
	"time"
)

func stream(ctx context.Context) error {
	c, err := net.Dial("tcp", "x:1")
	if err != nil {
		return err
	}
	defer c.Close()
	buf := make([]byte, 10)
	for {
		if _, err := c.Read(buf); err != nil {
			return err
		}
	}
}

// Reconnect re-opens the stream whenever it ends, and stream ends only by
// failing: a reconnect loop, a retry loop bounded by ctx.
func Reconnect(ctx context.Context) {
	for { // want `retry loop bounded=true waits=1 op=body`
		err := stream(ctx)
		log.Print(err)
		select {
		case <-ctx.Done():
			return
		case <-time.After(10 * time.Second):
		}
	}
}

type conn struct{ c net.Conn }

func (x *conn) connect() error {
	c, err := net.Dial("tcp", "x:1")
	if err != nil {
		return err
	}
	x.c = c
	return nil
}

// Ticker reconnect: not recognised yet (the connection is kept in a field
// and read in an inner loop); see docs/limits.md.
func (x *conn) Run(ctx context.Context) error {
	ticker := time.NewTicker(5 * time.Second)
	defer ticker.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-ticker.C:
			if x.c == nil {
				if err := x.connect(); err != nil {
					log.Print(err)
					continue
				}
			}
			buf := make([]byte, 10)
			for {
				if _, err := x.c.Read(buf); err != nil {
					x.c.Close()
					x.c = nil
					break
				}
			}
		}
	}
}

var errClosed = errors.New("closed")

func syncOnce(ctx context.Context) error {
	c, err := net.Dial("tcp", "x:1")
	if err != nil {
		return err
	}
	return c.Close()
}

// A schedule: the same sync every minute, whether it failed or not. It
// can succeed, so it is no reconnect loop.
func Schedule(ctx context.Context) {
	for {
		err := syncOnce(ctx)
		log.Print(err)
		select {
		case <-ctx.Done():
			return
		case <-time.After(time.Minute):
		}
	}
}

// A stream that never fails forever: drained returns nil on EOF.
func drained(r net.Conn) error {
	buf := make([]byte, 10)
	for {
		if _, err := r.Read(buf); err != nil {
			if errors.Is(err, errClosed) {
				err = nil
			}
			return err
		}
	}
}

func Drain(ctx context.Context, c net.Conn) {
	for {
		err := drained(c)
		log.Print(err)
		select {
		case <-ctx.Done():
			return
		case <-time.After(time.Minute):
		}
	}
}

// DialAndRead dials, reads the connection until a read fails, and dials
// again: every round follows a failure, of the dial or of the stream. A
// reconnect loop with no bound.
func DialAndRead(addr string, handle func([]byte)) {
	for { // want `retry loop bounded=false waits=1 op=body`
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			time.Sleep(5 * time.Second)
			continue
		}
		for {
			b := make([]byte, 512)
			if _, err := conn.Read(b); err != nil {
				conn.Close()
				break
			}
			handle(b)
		}
	}
}

// DialAndServe hands each connection to a goroutine and accepts the next:
// a success goes round, so it is not a retry loop.
func DialAndServe(l net.Listener, handle func(net.Conn)) {
	for {
		conn, err := l.Accept()
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		go func() {
			for {
				b := make([]byte, 512)
				if _, err := conn.Read(b); err != nil {
					return
				}
			}
		}()
	}
}
