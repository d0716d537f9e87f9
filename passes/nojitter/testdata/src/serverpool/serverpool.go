// want package:`waits Conn.Reconnect`

// Package serverpool reconnects over a pool of servers: each round dials
// the server that selectNextServer moved the connection to, and only a
// pass over the whole pool waits (jittered). The rounds that go to the
// next server at once are a failover over targets, not a retry without
// delay (RULES.md, "Vocabulary").
package serverpool

import (
	"errors"
	"math/rand"
	"runtime"
	"sync"
	"time"
)

type Server struct {
	URL        string
	Reconnects int
}

type Conn struct {
	mu      sync.Mutex
	pool    []*Server
	current *Server
	wait    time.Duration
	jitter  time.Duration
	closed  bool
}

// selectNextServer moves the connection to the next server of the pool.
func (nc *Conn) selectNextServer() (*Server, error) {
	if len(nc.pool) == 0 {
		nc.current = nil
		return nil, errors.New("no servers")
	}
	s := nc.pool[0]
	nc.pool = append(nc.pool[1:], s)
	nc.current = nc.pool[0]
	return nc.current, nil
}

func dial(string) error { return nil }

// createConn dials the current server.
func (nc *Conn) createConn() error {
	if nc.current == nil {
		return errors.New("no server")
	}
	return dial(nc.current.URL)
}

// redialOnce dials whatever server the connection holds: it does not read
// current, so a draw before it picks no target for it.
func (nc *Conn) redialOnce() error { return dial("") }

// Reconnect goes to the next server at once, and waits (jittered) only
// after a pass over the whole pool.
func (nc *Conn) Reconnect() {
	var rt *time.Timer
	for i := 0; len(nc.pool) > 0; {
		cur, err := nc.selectNextServer()
		if err != nil {
			break
		}
		doSleep := i+1 >= len(nc.pool)
		nc.mu.Unlock()
		if !doSleep {
			i++
			runtime.Gosched()
		} else {
			i = 0
			st := nc.wait + time.Duration(rand.Int63n(int64(nc.jitter)))
			if rt == nil {
				rt = time.NewTimer(st)
			} else {
				rt.Reset(st)
			}
			<-rt.C
		}
		nc.mu.Lock()
		if nc.closed {
			break
		}
		cur.Reconnects++
		if err := nc.createConn(); err != nil {
			continue
		}
		return
	}
}

// Redial draws the next server but dials with a method that does not use
// it: the same dial again, at once.
func (nc *Conn) Redial() {
	for i := 0; i < 10; i++ { // want `retry loop retries at once`
		if _, err := nc.selectNextServer(); err != nil {
			return
		}
		if err := nc.redialOnce(); err != nil {
			continue
		}
		return
	}
}
