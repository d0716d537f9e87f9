// want package:`waits Sub.Fetch Sub.Next Sub.watch monitor.Reset`

// Package watchdog re-arms a heartbeat monitor, a timer made by
// time.AfterFunc, on every message: its Reset blocks nobody (nothing reads
// the timer's channel), so it is no delay between attempts. A timer whose
// channel the loop receives from is a wait.
package watchdog

import (
	"errors"
	"sync"
	"time"
)

var errNoHeartbeat = errors.New("no heartbeat")

type monitor struct {
	timer *time.Timer
	sync.Mutex
}

// Reset re-arms the watchdog.
func (m *monitor) Reset(d time.Duration) {
	m.Lock()
	m.timer.Reset(d)
	m.Unlock()
}

type Sub struct {
	msgs chan string
	errs chan error
	hb   time.Duration
}

func (s *Sub) watch() *monitor {
	return &monitor{timer: time.AfterFunc(2*s.hb, func() { s.errs <- errNoHeartbeat })}
}

func check(m string) (bool, error) { return m != "", nil }

func (s *Sub) status(m string, err error) error { return err }

// Next hands out the next message, re-arming the watchdog on each one and
// after a missed heartbeat.
func (s *Sub) Next() (string, error) {
	mon := s.watch()
	for {
		select {
		case m, ok := <-s.msgs:
			if !ok {
				return "", errors.New("closed")
			}
			mon.Reset(2 * s.hb)
			user, err := check(m)
			if !user {
				if err == nil {
					continue
				}
				if term := s.status(m, err); term != nil {
					return "", term
				}
				continue
			}
			return m, nil
		case err := <-s.errs:
			if errors.Is(err, errNoHeartbeat) {
				mon.Reset(2 * s.hb)
			}
		}
	}
}

// Fetch waits on a timer it re-arms after each failure: a fixed delay.
func (s *Sub) Fetch(get func() error) error {
	t := time.NewTimer(0)
	defer t.Stop()
	for i := 0; i < 5; i++ {
		<-t.C
		if err := get(); err == nil {
			return nil
		}
		t.Reset(time.Second) // want `retry delay has no jitter`
	}
	return errors.New("gave up")
}
