// Package acceptloop: net/http's accept loop sleeps a doubling delay // want package:`waits acceptAll dialAll`
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
