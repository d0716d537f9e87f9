// Package putup holds loops whose failure paths fall through to what a
// success runs next: a failure put up with (logged) goes round because
// the loop does, not because it failed, and one that goes round to the
// next item of a stream is tried again for a new item. A failure whose
// side does something else before going round is still retried.
package putup

import (
	"log"
	"net"
	"time"
)

type Ping struct{}
type Packet struct{ b []byte }

type conn struct{ net.Conn }

func (c *conn) ReadMsg() (any, error) { return nil, nil }

// Reader reads until the connection fails; a failed deadline reset is
// logged and the reading goes on.
func Reader(c *conn, out chan<- *Packet) {
	for {
		_ = c.SetReadDeadline(time.Now().Add(60 * time.Second))
		m, err := c.ReadMsg()
		if err != nil {
			c.Close()
			return
		}
		if err := c.SetReadDeadline(time.Time{}); err != nil {
			log.Printf("set read deadline: %v", err)
		}
		switch m := m.(type) {
		case *Ping:
			continue
		case *Packet:
			out <- m
		}
	}
}

func dial(addr string) (*conn, error) { return nil, nil }

func serve(c *conn) {}

// Redial dials again at once and forever when the dial fails: its
// failure side logs, its success side serves, and both go round.
func Redial(addr string) {
	for { // want `retry loop can run forever`
		c, err := dial(addr)
		if err != nil {
			log.Printf("dial: %v", err)
		} else {
			serve(c)
		}
	}
}

type listener struct{}

func (l *listener) Accept() (*conn, error) { return nil, nil }

func pair(a, b *conn) {}

// Relay dials upstream for each connection it accepts: a failed dial
// waits for the next connection, it is no retry.
func Relay(l *listener, upstream string) {
	for {
		down, err := l.Accept()
		if err != nil {
			return
		}
		up, err := dial(upstream)
		if err != nil {
			down.Close()
			continue
		}
		go pair(down, up)
	}
}

// RelayFirst dials before it accepts: a failed dial is dialled again at
// once.
func RelayFirst(l *listener, upstream string) {
	for { // want `retry loop can run forever`
		up, err := dial(upstream)
		if err != nil {
			continue
		}
		down, err := l.Accept()
		if err != nil {
			return
		}
		go pair(down, up)
	}
}
