// want package:`waits poller.wait`

// Package probefield polls a store after an outage through a probe kept in
// a field, which the constructor is given: the probe returns false when its
// call fails, so a false goes round as a failed attempt.
package probefield

import (
	"errors"
	"time"
)

type store struct{}

func (s *store) ping() error { return errors.New("down") }

type wrapper struct{ s *store }

// available is false when the ping fails.
func (w *wrapper) available() bool {
	if err := w.s.ping(); err != nil {
		return false
	}
	return true
}

type poller struct {
	probe func() bool
	stop  chan struct{}
}

func newPoller(probe func() bool) *poller {
	return &poller{probe: probe, stop: make(chan struct{})}
}

func (p *poller) wait() {
	t := time.NewTicker(500 * time.Millisecond)
	defer t.Stop()
	for {
		select {
		case <-t.C: // want `retry delay has no jitter`
			if p.probe() {
				return
			}
		case <-p.stop:
			return
		}
	}
}

func start(w *wrapper) *poller {
	p := newPoller(w.available)
	go p.wait()
	return p
}
