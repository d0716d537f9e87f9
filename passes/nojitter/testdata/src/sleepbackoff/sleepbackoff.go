// want package:`waits Client.Reconnect Client.ReconnectJittered controller.sleepJittered controller.sleepWithBackoff`

// Package sleepbackoff waits through a helper that computes its own
// delay (doubling the last sleep up to a maximum) and returns what it
// slept: the helper's wait is the loop's, judged there and reported at
// the loop's call of it.
package sleepbackoff

import (
	"errors"
	"math/rand/v2"
	"sync"
	"time"
)

type controller struct {
	sync.Mutex
	last time.Duration
}

// next doubles the last sleep, up to max.
func (b *controller) next(initial, max time.Duration) (time.Duration, bool) {
	b.Lock()
	defer b.Unlock()
	if b.last == 0 {
		b.last = initial
		return initial, false
	}
	b.last = min(b.last*2, max)
	return b.last, true
}

// sleepWithBackoff sleeps the next period and says how long.
func (b *controller) sleepWithBackoff(initial, max time.Duration) (time.Duration, bool) {
	d, continual := b.next(initial, max)
	if d != 0 {
		time.Sleep(d)
	}
	return d, continual
}

// sleepJittered sleeps the next period, spread over its upper half.
func (b *controller) sleepJittered(initial, max time.Duration) time.Duration { // want sleepJittered:`delay\(random=true capped=true grows=true\)`
	d, _ := b.next(initial, max)
	d = d/2 + rand.N(d/2+1)
	time.Sleep(d)
	return d
}

type Client struct {
	backoff *controller
	max     time.Duration
	up      func() bool
}

func (c *Client) attempt() error { return errors.New("refused") }

// Reconnect doubles its sleep up to max, with no random part.
func (c *Client) Reconnect() {
	for {
		if err := c.attempt(); err == nil {
			return
		}
		c.backoff.sleepWithBackoff(time.Second, c.max) // want `retry delay has no jitter`
		if !c.up() {
			return
		}
	}
}

// ReconnectJittered spreads its sleeps: no report.
func (c *Client) ReconnectJittered() {
	for {
		if err := c.attempt(); err == nil {
			return
		}
		c.backoff.sleepJittered(time.Second, c.max)
		if !c.up() {
			return
		}
	}
}
