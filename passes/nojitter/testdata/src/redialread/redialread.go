// want package:`waits Socket.run Socket.serve`

// Package redialread keeps a stream open: it dials, reads until the stream
// breaks, hands each message to a pipeline that may fail, and dials again.
// A failed dial waits a constant delay before the next dial: a reconnect
// loop, whose delay needs jitter. What the read loop does with a message
// is the stream's work, not progress made with a failed dial.
package redialread

import (
	"context"
	"log"
	"net"
	"time"
)

const retryDelay = 5 * time.Second

type Pipeline interface {
	Process(b []byte) ([]byte, error)
}

type Socket struct {
	addr     string
	pipeline Pipeline
	out      chan []byte
}

// run dials again after every failed dial and every broken stream.
func (p *Socket) run() {
	for {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		var d net.Dialer
		conn, err := d.DialContext(ctx, "tcp", p.addr)
		cancel()
		if err != nil {
			log.Println(err)
			time.Sleep(retryDelay) // want `retry delay has no jitter`
			continue
		}
		buf := make([]byte, 4096)
		for {
			n, err := conn.Read(buf)
			if err != nil {
				conn.Close()
				break
			}
			if v, err := p.pipeline.Process(buf[:n]); err == nil {
				p.out <- v
			}
		}
	}
}

// serve dials once and reads until the stream breaks: a failed dial
// returns, and nothing is tried again.
func (p *Socket) serve() error {
	var d net.Dialer
	conn, err := d.DialContext(context.Background(), "tcp", p.addr)
	if err != nil {
		return err
	}
	defer conn.Close()
	buf := make([]byte, 4096)
	for {
		n, err := conn.Read(buf)
		if err != nil {
			return err
		}
		if v, err := p.pipeline.Process(buf[:n]); err == nil {
			p.out <- v
		}
		time.Sleep(time.Second)
	}
}
