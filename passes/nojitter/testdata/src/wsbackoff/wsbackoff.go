// Package wsbackoff keeps a websocket connected, reconnecting whenever it // want package:`waits Bridge.Connect Bridge.ConnectSpread Bridge.Schedule`
// ends, and runs a periodic sync beside it.
package wsbackoff

import (
	"context"
	"errors"
	"log"
	"math/rand/v2"
	"time"
)

var ErrManualStop = errors.New("stopped")

type Service struct{}

// Serve holds the connection until it ends, well or badly.
func (s *Service) Serve(ctx context.Context, addr string) error { return nil }

// Sync runs one periodic synchronisation.
func (s *Service) Sync(ctx context.Context) error { return nil }

type Bridge struct {
	svc      *Service
	stopping bool
}

// Connect reconnects whenever the connection ends, after a delay it
// doubles each round: a backoff, so a reconnect loop, whose delay has no
// jitter.
func (b *Bridge) Connect(ctx context.Context, addr string) {
	backoff := time.Second
	for {
		err := b.svc.Serve(ctx, addr)
		if errors.Is(err, ErrManualStop) {
			return
		} else if err != nil {
			log.Print(err)
		}
		if b.stopping {
			return
		}
		backoff *= 2
		if backoff > 2*time.Minute {
			backoff = 2 * time.Minute
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(backoff): // want `retry delay has no jitter`
		}
	}
}

// ConnectSpread is the same loop with a random part in its delay.
func (b *Bridge) ConnectSpread(ctx context.Context, addr string) {
	backoff := time.Second
	for {
		if err := b.svc.Serve(ctx, addr); err != nil {
			log.Print(err)
		}
		backoff = min(backoff*2, 2*time.Minute)
		select {
		case <-ctx.Done():
			return
		case <-time.After(backoff/2 + rand.N(backoff/2)):
		}
	}
}

// Schedule syncs every minute whatever happened: an interval that never
// grows is a schedule, not a retry.
func (b *Bridge) Schedule(ctx context.Context) {
	for {
		if err := b.svc.Sync(ctx); err != nil {
			log.Print(err)
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(time.Minute):
		}
	}
}
