// want package:`waits Bus.Flush Bus.FlushWhenUp Bus.Keep Bus.KeepByMethod Bus.KeepJittered`

// Package tickdaemon keeps connections open with daemons that wake on a
// constant ticker and reconnect only while the connection is missing or
// closed: a failed dial waits for the next tick, so the ticker is the
// retry delay. Daemons that run their work on every tick are schedules.
package tickdaemon

import (
	"context"
	"errors"
	"log"
	"math/rand"
	"time"
)

type Conn struct{ closed bool }

func (c *Conn) IsClosed() bool { return c.closed }

func dial(id string) (*Conn, error) { return nil, errors.New("refused") }

type Bus struct {
	conn *Conn
	up   bool
}

// connect dials and keeps the connection it made.
func (b *Bus) connect() error {
	c, err := dial("bus")
	if err != nil {
		return err
	}
	b.conn = c
	return nil
}

// Keep reconnects on the next tick after a failed dial; once connected,
// the ticks only look at the connection.
func (b *Bus) Keep(ctx context.Context) {
	ticker := time.NewTicker(5 * time.Second)
	defer ticker.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-ticker.C: // want `retry delay has no jitter`
			if b.conn == nil || b.conn.IsClosed() {
				c, err := dial("bus")
				if err != nil {
					log.Println(err)
					continue
				}
				b.conn = c
			}
		}
	}
}

// KeepByMethod reconnects through a method that sets the field its guard
// tests.
func (b *Bus) KeepByMethod(ctx context.Context) {
	ticker := time.NewTicker(time.Second)
	defer ticker.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-ticker.C: // want `retry delay has no jitter`
			if b.conn == nil {
				if err := b.connect(); err != nil {
					log.Println(err)
				}
			}
		}
	}
}

// KeepJittered waits a jittered delay between reconnections.
func (b *Bus) KeepJittered(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-time.After(time.Second + time.Duration(rand.Int63n(int64(time.Second)))):
			if b.conn == nil || b.conn.IsClosed() {
				c, err := dial("bus")
				if err != nil {
					continue
				}
				b.conn = c
			}
		}
	}
}

func flush() error { return nil }

// Flush runs on every tick, whatever the last one did: a schedule, not a
// retry.
func (b *Bus) Flush(ctx context.Context) {
	ticker := time.NewTicker(time.Second)
	defer ticker.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-ticker.C:
			if err := flush(); err != nil {
				log.Println(err)
				continue
			}
		}
	}
}

// FlushWhenUp runs on every tick while a flag no flush sets is up: the
// guard is not the flush's own result, so this is a schedule too.
func (b *Bus) FlushWhenUp(ctx context.Context) {
	ticker := time.NewTicker(time.Second)
	defer ticker.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-ticker.C:
			if b.up {
				if err := flush(); err != nil {
					log.Println(err)
				}
			}
		}
	}
}

type scheduler struct{}

func (s *scheduler) StopJobs() error { return nil }

func isLeader() bool { return false }

// Follow stops the jobs once leadership is lost, failed or not: the flag
// it clears says nothing of the stop's success, and a failed stop is not
// tried again.
func Follow(ctx context.Context, s *scheduler) {
	running := true
	for {
		select {
		case <-ctx.Done():
			return
		case <-time.After(time.Second):
			if !isLeader() && running {
				if err := s.StopJobs(); err != nil {
					log.Println(err)
				}
				running = false
			}
		}
	}
}

type client struct {
	lost  bool
	heard time.Time
}

type runner struct {
	lostAfter time.Duration
	clients   []*client
}

func (r *runner) terminate() error { return nil }

// Watch terminates once per lost client, on a tick: its test reads a
// setting of the receiver (r.lostAfter), not a connection the terminate
// call makes, so a failed terminate is not tried again for that reason.
func (r *runner) Watch(ctx context.Context) {
	tick := time.NewTicker(100 * time.Millisecond)
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
			for _, c := range r.clients {
				if !c.lost && time.Since(c.heard) > r.lostAfter {
					c.lost = true
					if err := r.terminate(); err != nil {
						log.Println(err)
					}
				}
			}
		}
	}
}
