// want package:`waits runBools runJittered runOnceClosure runTimerMaker sampleSlower syncEvery`

// Package swallowedstream: reconnect loops whose attempt keeps its
// failure to itself (a closure or function returning nothing, or only
// booleans), recognised by the delay the loop doubles every round.
package swallowedstream

import (
	"context"
	"errors"
	"io"
	"log"
	"time"
)

type conn struct{}

func (conn) Stream(ctx context.Context) error { return nil }

func dial() (conn, error) { return conn{}, nil }

// A closure that logs its failures; every round waits a timer whose
// delay doubles up to a minute.
func runOnceClosure(ctx context.Context) {
	retryDuration := 2 * time.Second
	runOnce := func() {
		c, err := dial()
		if err != nil {
			log.Print(err)
			return
		}
		if err := c.Stream(ctx); err != nil {
			if !errors.Is(err, io.EOF) {
				log.Print(err)
				return
			}
			retryDuration = 2 * time.Second
		}
	}
	runOnce()
	for {
		tmr := time.NewTimer(retryDuration) // want `retry delay has no jitter`
		retryDuration = min(retryDuration*2, time.Minute)
		select {
		case <-ctx.Done():
			tmr.Stop()
			return
		case <-tmr.C:
			runOnce()
		}
	}
}

func streamOnce(ctx context.Context) (stop, reset bool) {
	c, err := dial()
	if err != nil {
		return false, false
	}
	if err := c.Stream(ctx); err != nil {
		return false, false
	}
	return false, true
}

// A method that answers only with booleans.
func runBools(ctx context.Context) {
	retryDuration := 2 * time.Second
	for {
		stop, reset := streamOnce(ctx)
		if stop {
			return
		}
		if reset {
			retryDuration = 2 * time.Second
		}
		tmr := time.NewTimer(retryDuration) // want `retry delay has no jitter`
		retryDuration = min(retryDuration*2, time.Minute)
		select {
		case <-ctx.Done():
			tmr.Stop()
			return
		case <-tmr.C:
		}
	}
}

// The timer comes from a literal that doubles the delay it captures.
func runTimerMaker(ctx context.Context) {
	retryDuration := 2 * time.Second
	retryBackoff := func() *time.Timer {
		tmr := time.NewTimer(retryDuration) // want `retry delay has no jitter`
		retryDuration *= 2
		if retryDuration > time.Minute {
			retryDuration = time.Minute
		}
		return tmr
	}
	watch := func() {
		c, _ := dial()
		if err := c.Stream(ctx); err != nil {
			log.Print(err)
		}
	}
	watch()
	for {
		t := retryBackoff()
		select {
		case <-ctx.Done():
			t.Stop()
			return
		case <-t.C:
			t.Stop()
			watch()
		}
	}
}

// Not reported: the same closure on a constant interval is a schedule
// (a sync every ten seconds, failed or not).
func syncEvery(ctx context.Context) {
	syncOnce := func() {
		c, err := dial()
		if err != nil {
			log.Print(err)
			return
		}
		_ = c
	}
	for {
		tmr := time.NewTimer(10 * time.Second)
		select {
		case <-ctx.Done():
			tmr.Stop()
			return
		case <-tmr.C:
			syncOnce()
		}
	}
}

// Not reported: the doubling delay waits for a function that cannot
// fail (it tests no error): a slowing sampler, not a retry.
func sampleSlower(ctx context.Context, out chan<- int) {
	d := time.Second
	sample := func() { out <- len(out) }
	for {
		tmr := time.NewTimer(d)
		d = min(d*2, time.Minute)
		select {
		case <-ctx.Done():
			tmr.Stop()
			return
		case <-tmr.C:
			sample()
		}
	}
}

// Not reported: jittered.
func runJittered(ctx context.Context, jitter func(time.Duration) time.Duration) {
	d := 2 * time.Second
	runOnce := func() {
		c, err := dial()
		if err != nil {
			log.Print(err)
			return
		}
		_ = c.Stream(ctx)
	}
	for {
		runOnce()
		tmr := time.NewTimer(jitter(d))
		d = min(d*2, time.Minute)
		select {
		case <-ctx.Done():
			tmr.Stop()
			return
		case <-tmr.C:
		}
	}
}
