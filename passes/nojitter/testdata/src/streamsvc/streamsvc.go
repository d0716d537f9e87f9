// want package:`waits Tail.Drain Tail.Follow Tail.FollowJittered Tail.Refresh`

// Package streamsvc tails a partitioned log: a reader that reconnects to
// the partition leader whenever its connection fails and resumes from the
// position it had reached.
package streamsvc

import (
	"context"
	"errors"
	"io"
	"math/rand/v2"
	"time"

	"waitdep"
)

var ErrNotLeader = errors.New("not leader")

type conn struct{}

func (c *conn) Close() error { return nil }

type Tail struct {
	stop     chan struct{}
	unit     time.Duration
	maxDelay time.Duration
	out      chan []byte
}

func (t *Tail) connect(ctx context.Context, pos int64) (*conn, int64, error) {
	return &conn{}, pos, nil
}

func (t *Tail) fetch(ctx context.Context, c *conn, pos int64) (int64, error) {
	return pos, nil
}

func (t *Tail) sync(ctx context.Context) (int, error) { return 0, nil }

// Follow reconnects after a failed connect and after a connection that
// broke, waiting a capped quadratic delay without jitter before each new
// connection: every reader of a restarted leader reconnects in step.
func (t *Tail) Follow(ctx context.Context, pos int64) {
	for attempt := 0; true; attempt++ {
		if attempt != 0 {
			if !waitdep.Pause(waitdep.Quadratic(attempt, t.unit, t.maxDelay), t.stop) { // want `retry delay has no jitter`
				return
			}
		}
		c, start, err := t.connect(ctx, pos)
		if err != nil {
			if errors.Is(err, ErrNotLeader) {
				continue
			}
			continue
		}
		attempt = 0
		pos = start
		misses := 0
	read:
		for {
			if !waitdep.Pause(time.Duration(misses)*t.unit, t.stop) {
				c.Close()
				return
			}
			pos, err = t.fetch(ctx, c, pos)
			switch {
			case err == nil:
				misses = 0
				continue
			case errors.Is(err, io.EOF):
				misses++
				continue
			default:
				c.Close()
				break read
			}
		}
	}
}

// FollowJittered waits a jittered delay before reconnecting.
func (t *Tail) FollowJittered(ctx context.Context, pos int64) {
	for attempt := 0; ; attempt++ {
		if attempt > 0 {
			d := waitdep.Quadratic(attempt, t.unit, t.maxDelay)
			if !waitdep.Pause(d/2+rand.N(d/2+1), t.stop) {
				return
			}
		}
		c, start, err := t.connect(ctx, pos)
		if err != nil {
			continue
		}
		pos = start
		for {
			if pos, err = t.fetch(ctx, c, pos); err != nil {
				c.Close()
				break
			}
		}
	}
}

// Refresh syncs on a schedule: it goes round after a sync that worked too,
// so its wait paces the schedule and is no backoff.
func (t *Tail) Refresh(ctx context.Context) {
	for round := 0; ; round++ {
		if round > 0 {
			if !waitdep.Pause(time.Minute, t.stop) {
				return
			}
		}
		n, err := t.sync(ctx)
		if err != nil {
			continue
		}
		t.out <- make([]byte, n)
	}
}

// Drain reads what a connection holds and connects again at once after a
// connection that ended cleanly: a success goes round, so its wait is a
// schedule's.
func (t *Tail) Drain(ctx context.Context, pos int64) {
	for attempt := 0; ; attempt++ {
		if attempt != 0 {
			if !waitdep.Pause(t.unit, t.stop) {
				return
			}
		}
		c, start, err := t.connect(ctx, pos)
		if err != nil {
			continue
		}
		pos = start
		for {
			pos, err = t.fetch(ctx, c, pos)
			if err == nil {
				break
			}
		}
		c.Close()
	}
}
