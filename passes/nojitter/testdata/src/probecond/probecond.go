// want package:`waits Module.AwaitStarted Module.AwaitUp Module.Ready Module.ReadyJittered browser.Healthy`

// Package probecond holds probes whose bool result is false when the call
// they make fails, tested in the if that makes them: the failed probe
// goes round, so the wait before the next one is a retry delay.
package probecond

import (
	"context"
	"errors"
	"sync/atomic"
	"time"
)

type browser struct {
	started atomic.Bool
}

func version(ctx context.Context) error { return errors.New("unreachable") }

// Healthy is false when the browser does not answer.
func (b *browser) Healthy() bool {
	if !b.started.Load() {
		return false
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	if err := version(ctx); err != nil {
		return false
	}
	return true
}

// Started reads a flag: false is a state, not a failed call.
func (b *browser) Started() bool { return b.started.Load() }

type health interface{ Healthy() bool }

type Module struct {
	b  *browser
	hc health
}

// Ready probes on a constant ticker until the browser answers.
func (m *Module) Ready(ctx context.Context) error {
	ticker := time.NewTicker(100 * time.Millisecond)
	defer ticker.Stop()
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-ticker.C: // want `retry delay has no jitter`
			if m.hc.Healthy() {
				return nil
			}
		}
	}
}

// AwaitUp sleeps a constant time after each failed probe.
func (m *Module) AwaitUp() error {
	for i := 0; i < 10; i++ {
		if !m.b.Healthy() {
			time.Sleep(time.Second) // want `retry delay has no jitter`
			continue
		}
		return nil
	}
	return errors.New("browser did not start")
}

// AwaitStarted polls a flag another goroutine sets: no call fails, so
// its wait is a poll interval.
func (m *Module) AwaitStarted() error {
	for i := 0; i < 10; i++ {
		if m.b.Started() {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errors.New("browser did not start")
}

// ReadyJittered probes with a random part in its wait.
func (m *Module) ReadyJittered() error {
	for i := 0; i < 10; i++ {
		if m.b.Healthy() {
			return nil
		}
		time.Sleep(time.Second + time.Duration(time.Now().UnixNano()%int64(time.Second)))
	}
	return errors.New("browser did not start")
}

var errDestroyed = errors.New("destroyed")

// insert is false only when the browser was destroyed; another error is
// logged and the insert counts as done: false says which state it met.
func (b *browser) insert() bool {
	if err := version(context.Background()); err != nil {
		if errors.Is(err, errDestroyed) {
			return false
		}
		println(err.Error())
	}
	return true
}

// Insert goes round when it met a destroyed browser: a race for a new
// one, not a retry of a failed call.
func (m *Module) Insert() {
	for i := 0; i < 100; i++ {
		if m.b.insert() {
			return
		}
	}
}
