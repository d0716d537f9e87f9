// Package closedstop holds reconnect loops whose failure path asks,
// without waiting, whether a stop channel was closed: a stop told by
// closing a channel ends the retries as a context would.
package closedstop

import (
	"errors"
	"log"
	"time"
)

type proxy struct{ closing chan int }

func (p *proxy) workConn() (int, error) { return 0, errors.New("no connection") }

func (p *proxy) serve(c int) {}

// Run leaves when closing is closed.
func (p *proxy) Run() {
	for {
		c, err := p.workConn()
		if err != nil {
			time.Sleep(time.Second)
			select {
			case _, ok := <-p.closing:
				if !ok {
					return
				}
			default:
			}
			continue
		}
		p.serve(c)
	}
}

// RunLogged only logs that closing was closed, and goes on retrying.
func (p *proxy) RunLogged() {
	for { // want `retry loop can run forever`
		c, err := p.workConn()
		if err != nil {
			time.Sleep(time.Second)
			select {
			case _, ok := <-p.closing:
				if !ok {
					log.Print("closed")
				}
			default:
			}
			continue
		}
		p.serve(c)
	}
}
