// want package:`waits Connect ConnectJittered Drain`

// Package connectloop connects an agent to its collector the way
// telemetry agents do: the attempt reports its failure in a response it
// returns beside a nil reply, and the loop waits a delay read from a
// table before the next attempt.
package connectloop

import (
	"errors"
	"math/rand"
	"time"
)

type Reply struct{ RunID string }

type Response struct{ err error }

func (r *Response) Err() error         { return r.err }
func (r *Response) IsDisconnect() bool { return false }

func send(cmd string) *Response { return &Response{err: errors.New(cmd)} }

// connectAttempt returns a nil reply when the request failed.
func connectAttempt() (*Reply, *Response) {
	resp := send("connect")
	if resp.Err() != nil {
		return nil, resp
	}
	reply := &Reply{RunID: "1"}
	if reply.RunID == "" {
		return nil, resp
	}
	return reply, resp
}

// backoffSeconds reads a table: its largest entry caps it.
func backoffSeconds(attempt int) int {
	times := [...]int{15, 15, 30, 60, 120, 300}
	if attempt < 0 || attempt >= len(times) {
		return times[len(times)-1]
	}
	return times[attempt]
}

// Connect goes round on a nil reply after the table's delay: capped, but
// every agent that lost the collector comes back at the same second.
func Connect(done chan<- *Reply) {
	attempts := 0
	for {
		reply, resp := connectAttempt()
		if reply != nil {
			done <- reply
			return
		}
		if resp.IsDisconnect() {
			return
		}
		time.Sleep(time.Duration(backoffSeconds(attempts)) * time.Second) // want `retry delay has no jitter`
		attempts++
	}
}

// ConnectJittered spreads the same table's delays.
func ConnectJittered(done chan<- *Reply) {
	attempts := 0
	for {
		reply, _ := connectAttempt()
		if reply != nil {
			done <- reply
			return
		}
		d := time.Duration(backoffSeconds(attempts)) * time.Second
		time.Sleep(d/2 + time.Duration(rand.Int63n(int64(d/2)+1)))
		attempts++
	}
}

type queue struct{ items []*Reply }

// pop returns nil when the queue is empty: no call of it failed.
func (q *queue) pop() (*Reply, int) {
	if len(q.items) == 0 {
		return nil, 0
	}
	r := q.items[0]
	q.items = q.items[1:]
	return r, len(q.items)
}

// Drain polls a queue for its next item: a nil is "nothing yet", not a
// failed attempt, so the constant wait is a poll interval.
func Drain(q *queue, out chan<- *Reply) {
	for {
		r, _ := q.pop()
		if r != nil {
			out <- r
			return
		}
		time.Sleep(time.Second)
	}
}
