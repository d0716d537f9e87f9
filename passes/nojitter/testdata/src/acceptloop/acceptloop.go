// Package acceptloop: net/http's accept loop sleeps a doubling delay // want package:`waits acceptAll acceptEncode dialAll`
// without jitter after a temporary Accept error. Accept asks the
// process's own socket, not a dependency clients share: no herd to spread.
package acceptloop

import (
	"net"
	"time"
)

func serve(net.Conn) {}

func acceptAll(l net.Listener) error {
	var tempDelay time.Duration
	for {
		conn, err := l.Accept()
		if err != nil {
			if ne, ok := err.(net.Error); ok && ne.Timeout() {
				if tempDelay == 0 {
					tempDelay = 5 * time.Millisecond
				} else {
					tempDelay *= 2
				}
				if maxDelay := time.Second; tempDelay > maxDelay {
					tempDelay = maxDelay
				}
				time.Sleep(tempDelay)
				continue
			}
			return err
		}
		tempDelay = 0
		go serve(conn)
	}
}

// Dialling a server is a call to a dependency: the same wait is reported.
func dialAll(addr string) net.Conn {
	for {
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			time.Sleep(time.Second) // want `retry delay has no jitter`
			continue
		}
		return conn
	}
}

type encoder struct{ c net.Conn }

func newEncoder(c net.Conn) (*encoder, error) { return &encoder{c}, nil }

// acceptEncode pauses after a failed Accept and gives each accepted
// connection an encoder: a failed encoder drops that connection, and the
// loop goes on to the next. Still an accept loop.
func acceptEncode(l net.Listener, quit chan struct{}) {
	for {
		conn, err := l.Accept()
		if err != nil {
			select {
			case <-quit:
				return
			default:
				time.Sleep(100 * time.Millisecond)
				continue
			}
		}
		enc, err := newEncoder(conn)
		if err != nil {
			conn.Close()
			continue
		}
		_ = enc
	}
}
