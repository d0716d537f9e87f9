// want package:`waits Clamped Doubling Poller.Poll Poller.PollGiven Poller.PollJittered Retry Worker.Run`

// Package pacer retries with delays computed behind interfaces.
package pacer

import (
	"context"
	"errors"
	"math/rand/v2"
	"time"
)

var errBusy = errors.New("busy")

func call(ctx context.Context) error { return errBusy }

// backoffer is implemented only here, and never adds jitter.
type backoffer interface {
	next(attempt int) time.Duration
}

type fixed struct{ d time.Duration }

func (f fixed) next(int) time.Duration { return f.d } // want next:"delay\\(random=false capped=false grows=false\\)"

type linear struct{ step time.Duration }

func (l linear) next(attempt int) time.Duration { return time.Duration(attempt) * l.step } // want next:"delay\\(random=false capped=false grows=true\\)"

type Worker struct{ b backoffer }

func NewWorker(fast bool) *Worker {
	if fast {
		return &Worker{b: fixed{100 * time.Millisecond}}
	}
	return &Worker{b: linear{time.Second}}
}

func (w *Worker) Run(ctx context.Context) error {
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		if err = call(ctx); err == nil {
			return nil
		}
		time.Sleep(w.b.next(attempt)) // want `retry delay has no jitter`
	}
	return err
}

// Pacer is exported: other packages may implement it, but the field below
// only ever holds a steady pacer of this package.
type Pacer interface {
	Wait(attempt int) time.Duration
}

type steady struct{ every time.Duration }

func (s *steady) Wait(int) time.Duration { return s.every } // want Wait:"delay\\(random=false capped=false grows=false\\)"

type spread struct{ base time.Duration }

func (s *spread) Wait(int) time.Duration { return s.base/2 + rand.N(s.base/2) } // want Wait:"delay\\(random=true capped=false grows=false\\)"

type Poller struct {
	pace    Pacer
	jittery Pacer
	given   Pacer
}

func NewPoller(given Pacer) *Poller {
	return &Poller{pace: &steady{every: time.Second}, jittery: &spread{base: time.Second}, given: given}
}

func (p *Poller) Poll(ctx context.Context) error {
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		if err = call(ctx); err == nil {
			return nil
		}
		time.Sleep(p.pace.Wait(attempt)) // want `retry delay has no jitter`
	}
	return err
}

// Look-alikes: a jittered implementation, one the caller gives, and
// implementations that disagree.

func (p *Poller) PollJittered(ctx context.Context) error {
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		if err = call(ctx); err == nil {
			return nil
		}
		time.Sleep(p.jittery.Wait(attempt))
	}
	return err
}

func (p *Poller) PollGiven(ctx context.Context) error {
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		if err = call(ctx); err == nil {
			return nil
		}
		time.Sleep(p.given.Wait(attempt))
	}
	return err
}

type mixed interface{ delay() time.Duration }

type plain struct{}

func (plain) delay() time.Duration { return time.Second } // want delay:"delay\\(random=false capped=false grows=false\\)"

type jittered struct{}

func (jittered) delay() time.Duration { return time.Second/2 + rand.N(time.Second/2) } // want delay:"delay\\(random=true capped=false grows=false\\)"

func Retry(ctx context.Context, m mixed) error {
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		if err = call(ctx); err == nil {
			return nil
		}
		time.Sleep(m.delay())
	}
	return err
}

// doubling doubles its delay every attempt and falls back to Max only when
// the shift overflows: the delay is not capped.
type doubling struct {
	attempt  int
	Min, Max time.Duration
}

func (d *doubling) Duration() time.Duration { // want Duration:"delay\\(random=false capped=false grows=true\\)"
	shift := d.attempt
	d.attempt++
	if shift > 62 {
		return d.Max
	}
	next := d.Min << uint(shift)
	if next <= 0 {
		return d.Max
	}
	return next
}

// clamped clamps every value to Max.
type clamped struct {
	attempt  int
	Min, Max time.Duration
}

func (c *clamped) Duration() time.Duration { // want Duration:"delay\\(random=true capped=true grows=true\\)"
	next := c.Min << uint(c.attempt)
	c.attempt++
	if next > c.Max || next <= 0 {
		next = c.Max
	}
	return next/2 + rand.N(next/2)
}

func Doubling(ctx context.Context) error {
	b := &doubling{Min: time.Second, Max: time.Minute}
	var err error
	for i := 0; i < 8; i++ {
		if err = call(ctx); err == nil {
			return nil
		}
		time.Sleep(b.Duration()) // want `retry delay has no jitter`
	}
	return err
}

func Clamped(ctx context.Context) error {
	b := &clamped{Min: time.Second, Max: time.Minute}
	var err error
	for i := 0; i < 8; i++ {
		if err = call(ctx); err == nil {
			return nil
		}
		time.Sleep(b.Duration())
	}
	return err
}
