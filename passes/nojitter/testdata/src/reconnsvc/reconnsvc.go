// Package reconnsvc keeps a connection to a socket service open,
// reconnecting with the program's own backoff counter.
package reconnsvc

import (
	"context"
	"time"

	"backoffdep"
)

type conn struct{}

type Manager struct {
	dial func(ctx context.Context) (*conn, error)
}

// retryAfter is what the server asked for, when it did.
type retryAfter struct{ d time.Duration }

func (r *retryAfter) Error() string { return "rate limited" }

// Run reconnects until ctx ends; the backoff is built without Jitter, so
// Duration adds none.
func (m *Manager) Run(ctx context.Context) error {
	boff := &backoffdep.Backoff{Initial: time.Second, Max: 5 * time.Minute}
	for {
		c, err := m.dial(ctx)
		if err == nil {
			_ = c
			return nil
		}
		var wait time.Duration
		if ra, ok := err.(*retryAfter); ok {
			wait = ra.d
		}
		timer := time.NewTimer(backoffdep.Max(wait, boff.Duration())) // want `retry delay has no jitter`
		select {
		case <-timer.C:
		case <-ctx.Done():
			timer.Stop()
			return ctx.Err()
		}
	}
}

// RunJittered sets Jitter: Duration is random.
func (m *Manager) RunJittered(ctx context.Context) error {
	boff := &backoffdep.Backoff{Initial: time.Second, Jitter: time.Second, Max: 5 * time.Minute}
	for boff.Attempts() < 10 {
		if _, err := m.dial(ctx); err == nil {
			return nil
		}
		select {
		case <-time.After(boff.Duration()):
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return nil
}

// RunConfigured hands the backoff to a function that may set Jitter:
// not judged.
func (m *Manager) RunConfigured(ctx context.Context) error {
	boff := &backoffdep.Backoff{Initial: time.Second, Max: 5 * time.Minute}
	configure(boff)
	for {
		if _, err := m.dial(ctx); err == nil {
			return nil
		}
		select {
		case <-time.After(boff.Duration()):
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

func configure(b *backoffdep.Backoff) { b.Jitter = time.Second }

// RunSpread uses a delay that is always jittered.
func (m *Manager) RunSpread(ctx context.Context) error {
	boff := &backoffdep.Backoff{Initial: time.Second, Max: 5 * time.Minute}
	for {
		if _, err := m.dial(ctx); err == nil {
			return nil
		}
		select {
		case <-time.After(boff.Spread()):
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}
