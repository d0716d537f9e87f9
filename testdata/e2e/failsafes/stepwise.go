package failsafes

import (
	"context"
	"time"

	"github.com/failsafe-go/failsafe-go"
	"github.com/failsafe-go/failsafe-go/retrypolicy"
)

// Capture retries with the default policy: three attempts, at once.
func (g *Gateway) Capture(ctx context.Context, id string) error {
	return failsafe.With(retrypolicy.NewWithDefaults[any]()).Run(func() error { return g.send(ctx, id) })
}

// Settle configures its builder statement by statement: no delay, and no
// limit.
func (g *Gateway) Settle(ctx context.Context, id string) error {
	b := retrypolicy.NewBuilder[any]()
	b.WithMaxAttempts(-1)
	p := b.Build()
	return failsafe.With(p).Run(func() error { return g.send(ctx, id) })
}

// Reconcile does the same with a jittered backoff and a maximum duration:
// silent.
func (g *Gateway) Reconcile(ctx context.Context, id string) error {
	b := retrypolicy.NewBuilder[any]()
	b.WithMaxAttempts(-1)
	b.WithMaxDuration(5 * time.Minute)
	b.WithBackoff(100*time.Millisecond, 10*time.Second)
	b.WithJitterFactor(0.25)
	return failsafe.With(b.Build()).Run(func() error { return g.send(ctx, id) })
}
