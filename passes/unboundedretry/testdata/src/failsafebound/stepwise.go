package failsafebound

import (
	"context"
	"time"

	"github.com/failsafe-go/failsafe-go"
	"github.com/failsafe-go/failsafe-go/retrypolicy"
)

// Drain removes the limit in one statement and builds in another.
func (i *Inventory) Drain(sku string) error {
	b := retrypolicy.NewBuilder[any]().WithBackoff(time.Second, time.Minute).WithJitterFactor(0.2)
	b.WithMaxRetries(-1) // want `WithMaxRetries\(-1\) retries forever`
	p := b.Build()
	return failsafe.With[any](p).Run(func() error { return i.push(context.Background(), sku) })
}

// Refill removes it too, but a maximum duration set in its own statement
// ends it: silent.
func (i *Inventory) Refill(sku string) error {
	b := retrypolicy.NewBuilder[any]().WithMaxAttempts(-1)
	b.WithMaxDuration(10 * time.Minute)
	b.WithBackoff(time.Second, time.Minute).WithJitterFactor(0.2)
	p := b.Build()
	return failsafe.With[any](p).Run(func() error { return i.push(context.Background(), sku) })
}

// Restock keeps the default three attempts: silent.
func (i *Inventory) Restock(sku string) error {
	rp := retrypolicy.NewWithDefaults[any]()
	return failsafe.With[any](rp).Run(func() error { return i.push(context.Background(), sku) })
}
