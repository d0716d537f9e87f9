// want package:`waits`

// Package stopcheck holds wait helpers that first ask, without waiting,
// whether a stop was told: they are still wait helpers, and the delay
// handed to them is what a failed attempt waits.
package stopcheck

import (
	"errors"
	"math/rand"
	"time"
)

type zone struct{}

func (z *zone) transfer() error { return errors.New("refused") }

// stopped asks the stop channel without waiting.
func stopped(stop <-chan bool) bool {
	select {
	case <-stop:
		return true
	default:
		return false
	}
}

// waitOrStop waits d, or less when told to stop.
func waitOrStop(stop <-chan bool, d time.Duration) bool {
	if stopped(stop) {
		return true
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return false
	case <-stop:
		return true
	}
}

func jitter(n int) time.Duration { // want jitter:`delay\(random=true capped=false grows=false\)`
	return time.Duration(rand.Intn(n)) * time.Millisecond
}

// Retry waits a random part before each transfer the ticker starts: the
// delay has jitter.
func (z *zone) Retry(stop chan bool, every time.Duration) {
	retryTicker := time.NewTicker(every)
	defer retryTicker.Stop()
	for {
		select {
		case <-retryTicker.C:
			if waitOrStop(stop, jitter(2000)) {
				return
			}
			if err := z.transfer(); err != nil {
				continue
			}
			return
		case <-stop:
			return
		}
	}
}

// RetryFixed waits a constant through the same helper.
func (z *zone) RetryFixed(stop chan bool) {
	for {
		if err := z.transfer(); err == nil {
			return
		}
		if waitOrStop(stop, 2*time.Second) { // want `retry delay has no jitter`
			return
		}
	}
}
