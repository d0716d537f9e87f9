package failpaths

import (
	"context"
	"log"
	"time"
)

// Next computes the next run of a schedule from the last one.
type Next func(time.Time) time.Time

func fire(t time.Time) error { return nil }

// Catchup fires every scheduled time it is behind on. A failed fire goes
// round to the same time: t is computed from lastT, which moves on only
// after a success, so the failure path sends the same event again and
// again, at a constant pace and with nothing that stops it.
func Catchup(ctx context.Context, next Next) {
	lastT := time.Now()
	for {
		t := next(lastT)
		if time.Now().After(t) {
			if err := fire(t); err != nil {
				log.Print(err)
				time.Sleep(100 * time.Millisecond) // want `retry delay has no jitter`
				continue
			}
			lastT = t
			continue
		}
		select {
		case <-time.After(time.Until(t)):
		case <-ctx.Done():
			return
		}
	}
}

// CatchupSkipping moves on after a failure too: each round fires a new
// time.
func CatchupSkipping(ctx context.Context, next Next) {
	lastT := time.Now()
	for {
		t := next(lastT)
		if time.Now().After(t) {
			if err := fire(t); err != nil {
				log.Print(err)
				time.Sleep(100 * time.Millisecond)
			}
			lastT = t
			continue
		}
		select {
		case <-time.After(time.Until(t)):
		case <-ctx.Done():
			return
		}
	}
}

// FireNow fires the time of the round: read from the clock, it is new on
// every round.
func FireNow(ctx context.Context) {
	for {
		t := time.Now().Truncate(time.Second)
		if err := fire(t); err != nil {
			log.Print(err)
			time.Sleep(100 * time.Millisecond)
			continue
		}
		time.Sleep(time.Second)
	}
}
