// want package:`waits consumer.fetcher consumer.poller`

// Package pausedfetch runs fetchers that go round after every fetch,
// whatever it brought. A pause, taken only while the consumer is paused
// and skipping the round, does not pace the fetches: the failure path's
// own wait is the retry's. A wait before every fetch paces them all.
package pausedfetch

import (
	"context"
	"log"
	"time"
)

type consumer struct{ pausedFor time.Duration }

func (c *consumer) paused() time.Duration { return c.pausedFor }

func (c *consumer) fetch(ctx context.Context) (int, error) { return 0, nil }

func (c *consumer) fetcher(ctx context.Context) {
	for ctx.Err() == nil {
		if d := c.paused(); d > 0 {
			time.Sleep(d)
			continue
		}
		n, err := c.fetch(ctx)
		if err != nil {
			const backoff = time.Second
			log.Printf("fetch failed: %v (sleeping for %s)", err, backoff)
			time.Sleep(backoff) // want `retry delay has no jitter`
			continue
		}
		log.Printf("fetched %d", n)
	}
}

// poller waits its interval before every fetch: failures and successes
// keep the same pace.
func (c *consumer) poller(ctx context.Context) {
	for ctx.Err() == nil {
		time.Sleep(5 * time.Second)
		n, err := c.fetch(ctx)
		if err != nil {
			log.Printf("fetch failed: %v", err)
			continue
		}
		log.Printf("fetched %d", n)
	}
}
