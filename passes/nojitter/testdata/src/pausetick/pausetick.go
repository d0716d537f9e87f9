// Package pausetick restarts a consumer on one ticker while another ticker // want package:`waits Consumer.Restart`
// only checks whether it should stop.
package pausetick

import (
	"sync/atomic"
	"time"
)

type Consumer struct{ retired atomic.Bool }

func (c *Consumer) init() error { return nil }

// Restart tries again on each tick of retry; pause's ticks only look at
// the retired flag, so the retry waits retry's period, reported at its
// receive alone.
func (c *Consumer) Restart() {
	retry := time.NewTicker(time.Minute)
	defer retry.Stop()
	pause := time.NewTicker(time.Second)
	defer pause.Stop()
	for {
		select {
		case <-pause.C:
			if c.retired.Load() {
				return
			}
		case <-retry.C: // want `retry delay has no jitter`
			if err := c.init(); err != nil {
				break
			}
			return
		}
	}
}
