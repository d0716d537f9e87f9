// want package:`waits API.Ready API.ReadyAny office.Healthy`

// Package healthmock waits for a process to become healthy on a constant
// ticker. The process is held in an interface field that the package
// only ever fills from its constructor, whose one concrete type dials; a
// mock of the interface sits beside it for the tests. Healthy answers
// false when the dial failed, so a false goes round as a failed probe.
package healthmock

import (
	"context"
	"errors"
	"net"
	"time"
)

type process interface {
	Healthy() bool
}

type office struct{ addr string }

func newOffice(addr string) process {
	p := &office{addr: addr}
	return p
}

// Healthy dials the process's socket; the false after the if is reached
// only when the dial failed.
func (p *office) Healthy() bool {
	conn, err := net.DialTimeout("tcp", p.addr, time.Second)
	if err == nil {
		conn.Close()
		return true
	}
	return false
}

type officeMock struct{ HealthyMock func() bool }

func (m *officeMock) Healthy() bool { return m.HealthyMock() }

var _ process = (*officeMock)(nil)

type API struct {
	proc process
	any  process
}

func New(addr string) *API { return &API{proc: newOffice(addr)} }

// Ready probes the process on each tick of a constant ticker.
func (a *API) Ready() error {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	ticker := time.NewTicker(100 * time.Millisecond)
	defer ticker.Stop()
	for {
		select {
		case <-ctx.Done():
			return errors.New("not ready")
		case <-ticker.C: // want `retry delay has no jitter`
			if a.proc.Healthy() {
				return nil
			}
		}
	}
}

// Use stores the mock in the other field: what that field's Healthy does
// is not in sight, and its wait is not judged.
func (a *API) Use(m *officeMock) { a.any = m }

func (a *API) ReadyAny() error {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	ticker := time.NewTicker(100 * time.Millisecond)
	defer ticker.Stop()
	for {
		select {
		case <-ctx.Done():
			return errors.New("not ready")
		case <-ticker.C:
			if a.any.Healthy() {
				return nil
			}
		}
	}
}
