// Package fetcherstop runs fetchers that go round after every fetch; a
// failed fetch waits and goes round. Each round first asks whether the
// consumer still wants this fetcher (Stop sets the count to -1): a stop
// someone else sets bounds the failures as a context would. Without it,
// a failed fetch goes round forever.
package fetcherstop

import (
	"context"
	"log"
	"sync/atomic"
	"time"
)

type consumer struct{ numFetcher int32 }

func (c *consumer) fetch(ctx context.Context) (int, error) { return 0, nil }

func (c *consumer) Stop() { atomic.StoreInt32(&c.numFetcher, -1) }

func (c *consumer) fetcher(ctx context.Context, id int32) {
	for {
		if id >= atomic.LoadInt32(&c.numFetcher) {
			return
		}
		n, err := c.fetch(ctx)
		if err != nil {
			log.Printf("fetch failed: %v", err)
			time.Sleep(time.Second)
			continue
		}
		log.Printf("fetched %d", n)
	}
}

func (c *consumer) unstoppable(ctx context.Context) {
	for { // want `retry loop can run forever`
		n, err := c.fetch(ctx)
		if err != nil {
			log.Printf("fetch failed: %v", err)
			time.Sleep(time.Second)
			continue
		}
		log.Printf("fetched %d", n)
	}
}

type producer struct{ status int32 }

func (p *producer) Status() int32 { return atomic.LoadInt32(&p.status) }
func (p *producer) Commit() error { return nil }
func (p *producer) Abort() error  { return nil }

// commit asks the producer's own state before each try: a fatal state
// ends it, but that is the state of what it retries, not a stop someone
// else sets; a failed commit goes round forever.
func commit(p *producer) {
	for { // want `retry loop can run forever`
		if p.Status()&1 != 0 {
			break
		}
		if p.Status()&2 != 0 {
			if err := p.Abort(); err != nil {
				log.Printf("abort: %v", err)
				continue
			}
			break
		}
		if err := p.Commit(); err != nil {
			log.Printf("commit: %v", err)
			continue
		}
	}
}
