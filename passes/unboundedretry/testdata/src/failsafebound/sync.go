// Package failsafebound syncs inventory through failsafe-go policies and
// consumes order events with watermill's Retry middleware.
package failsafebound

import (
	"context"
	"time"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/ThreeDotsLabs/watermill/message/router/middleware"
	"github.com/failsafe-go/failsafe-go"
	"github.com/failsafe-go/failsafe-go/retrypolicy"
)

type Inventory struct{}

func (i *Inventory) push(ctx context.Context, sku string) error { return nil }

// Push retries until the warehouse answers.
func (i *Inventory) Push(sku string) error {
	rp := retrypolicy.NewBuilder[any]().
		WithMaxRetries(-1). // want `WithMaxRetries\(-1\) retries forever, and no WithMaxDuration or context ends it`
		WithBackoff(time.Second, time.Minute).
		WithJitterFactor(0.2).
		Build()
	return failsafe.With[any](rp).Run(func() error { return i.push(context.Background(), sku) })
}

// Pull sets attempts to -1, statement by statement.
func (i *Inventory) Pull(sku string) error {
	b := retrypolicy.NewBuilder[any]()
	b.WithMaxAttempts(-1) // want `WithMaxAttempts\(-1\) retries forever`
	b.WithDelay(time.Second).WithJitter(100 * time.Millisecond)
	return failsafe.With[any](b.Build()).WithContext(context.Background()).Run(func() error { return i.push(context.Background(), sku) })
}

// Bounded is -1 bounded by a maximum duration: silent.
func (i *Inventory) Bounded(sku string) error {
	rp := retrypolicy.NewBuilder[any]().WithMaxRetries(-1).WithMaxDuration(5*time.Minute).WithBackoff(time.Second, time.Minute).WithJitterFactor(0.2).Build()
	return failsafe.With[any](rp).Run(func() error { return i.push(context.Background(), sku) })
}

// Cancelled is -1 ended by the caller's context: silent.
func (i *Inventory) Cancelled(ctx context.Context, sku string) error {
	rp := retrypolicy.NewBuilder[any]().WithMaxRetries(-1).WithBackoff(time.Second, time.Minute).WithJitterFactor(0.2).Build()
	return failsafe.With[any](rp).WithContext(ctx).Run(func() error { return i.push(ctx, sku) })
}

// Defaults makes three attempts: silent.
func (i *Inventory) Defaults(sku string) error {
	return failsafe.With[any](retrypolicy.NewWithDefaults[any]()).Run(func() error { return i.push(context.Background(), sku) })
}

// forever is a shared policy that never stops.
func forever() retrypolicy.RetryPolicy[any] { // want forever:`never stops: WithMaxRetries\(-1\) with no WithMaxDuration`
	return retrypolicy.NewBuilder[any]().WithMaxRetries(-1).WithDelay(time.Second).WithJitterFactor(0.5).Build()
}

// Shared retries with the shared policy.
func (i *Inventory) Shared(sku string) error {
	return failsafe.With[any](forever()).Run(func() error { return i.push(context.Background(), sku) }) // want `the policy from forever\(\) never stops`
}

// Consume retries its handlers in process.
func Consume(r *message.Router) {
	_ = middleware.Retry{MaxRetries: -1, InitialInterval: time.Second, RandomizationFactor: 0.5} // want `middleware.Retry with a negative MaxRetries retries the handler forever`
	_ = middleware.Retry{MaxRetries: -1, InitialInterval: time.Second, RandomizationFactor: 0.5, MaxElapsedTime: time.Hour}
	_ = middleware.Retry{MaxRetries: 3, InitialInterval: time.Second, RandomizationFactor: 0.5}
}
