package nojitter

import (
	"errors"
	"time"
)

type pageCache struct{ n int }

func (c *pageCache) full() bool { return c.n > 1000 }

func loadPage(after int) (int, error) { return after, errors.New("db down") }

// Loading waits while the cache is full, before any attempt: that wait is
// for room, not after a failure. The wait after a failed load is the
// retry delay.
func loading(c *pageCache) {
	last := 0
	for {
		if c.full() {
			time.Sleep(10 * time.Millisecond)
			continue
		}
		next, err := loadPage(last)
		if err != nil {
			time.Sleep(500 * time.Millisecond) // want `retry delay has no jitter`
			continue
		}
		if next == last {
			return
		}
		last = next
	}
}

// A wait before the attempt that the failure itself asks for is the
// retry delay.
func loadingAfterFailure() {
	last, failed := 0, false
	for {
		if failed {
			time.Sleep(10 * time.Millisecond) // want `retry delay has no jitter`
			failed = false
			continue
		}
		next, err := loadPage(last)
		if err != nil {
			failed = true
			continue
		}
		if next == last {
			return
		}
		last = next
	}
}
