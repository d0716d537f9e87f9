package failpaths

import (
	"context"
	"log"
	"time"
)

type crawler struct{}

func (c *crawler) enumerate(ctx context.Context) error { return nil }

// Crawl waits a day after a good run and a minute after a failed one: the
// wait is shared, but its minute is the failure's retry delay.
func (c *crawler) Crawl(ctx context.Context) {
	for {
		err := c.enumerate(ctx)
		var d time.Duration
		if err != nil {
			log.Print(err)
			d = time.Minute
		} else {
			d = 24 * time.Hour
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(d): // want `retry delay has no jitter`
		}
	}
}

// Every runs on a schedule: the interval is set for every round alike, so
// the failure takes the schedule's wait.
func (c *crawler) Every(ctx context.Context, interval time.Duration) {
	for {
		err := c.enumerate(ctx)
		d := interval
		if err != nil {
			log.Print(err)
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(d):
		}
	}
}
