// Package typedfail subscribes to a channel whose reads return either a // want package:`waits Source.Drain Source.Listen`
// message or an error in one value, as redigo's PubSubConn.Receive does.
package typedfail

import (
	"errors"
	"log"
	"time"
)

type Message struct{ Data []byte }

// Conn is a subscription: Receive returns a Message or an error.
type Conn interface {
	Subscribe(channel string) error
	Receive() interface{}
	Close() error
}

type Source struct {
	dial    func() Conn
	closed  chan struct{}
	refresh chan []byte
	events  chan interface{}
}

// Listen subscribes again whenever the subscription breaks: a failed
// Subscribe waits a constant 10 s, and a read that returns an error
// ends the inner loop and goes round to subscribe again.
func (s *Source) Listen(channel string) {
	for {
		select {
		case <-s.closed:
			return
		default:
		}
		conn := s.dial()
		if err := conn.Subscribe(channel); err != nil {
			conn.Close()
			log.Printf("subscribe: %v", err)
			time.Sleep(10 * time.Second) // want `retry delay has no jitter`
			continue
		}
	read:
		for {
			switch v := conn.Receive().(type) {
			case Message:
				s.refresh <- v.Data
			case error:
				log.Printf("receive: %v", v)
				break read
			}
		}
		conn.Close()
	}
}

// Drain reads events one after another: an error among them is logged
// and the next event read; nothing is retried.
func (s *Source) Drain() {
	for {
		select {
		case <-s.closed:
			return
		case ev := <-s.events:
			switch v := ev.(type) {
			case error:
				log.Printf("event: %v", v)
				time.Sleep(time.Second)
			case Message:
				s.refresh <- v.Data
			}
		}
	}
}

var errStop = errors.New("stop")

// Pump reads one subscription until it returns an error, which it hands
// back to its caller: no round goes back to subscribe.
func Pump(conn Conn, out chan<- []byte) error {
	for {
		switch v := conn.Receive().(type) {
		case Message:
			out <- v.Data
		case error:
			return v
		case nil:
			return errStop
		}
	}
}
