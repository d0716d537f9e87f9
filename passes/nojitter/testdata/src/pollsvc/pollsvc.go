// want package:`waits Conn.Heartbeat Conn.Leader Conn.LeaderJittered Pool.Await Pool.AwaitJittered`

// Package pollsvc polls a broker's metadata and a pool's state, as client
// libraries do while they wait for a topic or a leader to show up.
package pollsvc

import (
	"context"
	"math/rand"
	"time"

	"polldep"
)

type Partition struct{ ID int }

type Conn struct{}

func (c *Conn) ReadPartitions(topic string) ([]Partition, error) { return nil, nil }
func (c *Conn) Ping(ctx context.Context) error                   { return nil }

func temporary(err error) bool { return err != nil }

// Leader polls the partitions until the one wanted is listed.
func (c *Conn) Leader(ctx context.Context, topic string, id int) (Partition, error) {
	for attempt := 0; ; attempt++ {
		if attempt != 0 {
			if !polldep.Pause(ctx, polldep.Grow(attempt, 100*time.Millisecond, 10*time.Second)) { // want `retry delay has no jitter`
				return Partition{}, ctx.Err()
			}
		}
		parts, err := c.ReadPartitions(topic)
		if err != nil {
			if temporary(err) {
				continue
			}
			return Partition{}, err
		}
		for _, p := range parts {
			if p.ID == id {
				return p, nil
			}
		}
	}
}

// LeaderJittered polls with a jittered delay.
func (c *Conn) LeaderJittered(ctx context.Context, topic string, id int) (Partition, error) {
	for attempt := 0; ; attempt++ {
		if attempt != 0 {
			d := polldep.Grow(attempt, 100*time.Millisecond, 10*time.Second)
			if !polldep.Pause(ctx, d/2+time.Duration(rand.Int63n(int64(d/2)+1))) {
				return Partition{}, ctx.Err()
			}
		}
		parts, err := c.ReadPartitions(topic)
		if err != nil {
			return Partition{}, err
		}
		for _, p := range parts {
			if p.ID == id {
				return p, nil
			}
		}
	}
}

// Heartbeat pings on a schedule, whatever the ping returns.
func (c *Conn) Heartbeat(ctx context.Context, every time.Duration) {
	for ctx.Err() == nil {
		if err := c.Ping(ctx); err != nil {
			println(err.Error())
		}
		time.Sleep(every)
	}
}

type layout struct{ Topics map[string]bool }

type Pool struct {
	cancel chan struct{}
}

func (p *Pool) grab() *layout { return nil }

// Await waits for a refresh by another goroutine to list every topic. The
// random delay it draws is never used: the timer waits the bare backoff.
func (p *Pool) Await(ctx context.Context, topics []string) {
	lo, hi := 10*time.Millisecond, time.Second
	for ctx.Err() == nil {
		state := p.grab()
		found := 0
		for _, t := range topics {
			if _, ok := state.Topics[t]; ok {
				found++
			}
		}
		if found == len(topics) {
			return
		}
		if delay := time.Duration(rand.Int63n(int64(lo))); delay > 0 {
			timer := time.NewTimer(lo) // want `retry delay has no jitter`
			select {
			case <-p.cancel:
			case <-timer.C:
			}
			timer.Stop()
			if lo *= 2; lo > hi {
				lo = hi
			}
		}
	}
}

// AwaitJittered waits the random delay it draws.
func (p *Pool) AwaitJittered(ctx context.Context, topics []string) {
	lo := 10 * time.Millisecond
	for ctx.Err() == nil {
		state := p.grab()
		if len(state.Topics) == len(topics) {
			return
		}
		timer := time.NewTimer(lo/2 + time.Duration(rand.Int63n(int64(lo/2)+1)))
		select {
		case <-p.cancel:
		case <-timer.C:
		}
		timer.Stop()
	}
}
