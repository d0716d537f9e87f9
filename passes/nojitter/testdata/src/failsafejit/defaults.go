package failsafejit

import (
	"context"
	"time"

	"github.com/failsafe-go/failsafe-go"
	"github.com/failsafe-go/failsafe-go/retrypolicy"
)

// Defaults runs the default policy: three attempts, at once.
func (c *Client) Defaults(ctx context.Context) (*Receipt, error) {
	return failsafe.With(retrypolicy.NewWithDefaults[*Receipt]()).Get(func() (*Receipt, error) { // want `retrypolicy.NewWithDefaults retries at once, with no delay between attempts`
		return c.charge(ctx, 4)
	})
}

// Stepwise configures the builder statement by statement and never gives
// it a delay.
func (c *Client) Stepwise(ctx context.Context) error {
	b := retrypolicy.NewBuilder[any]() // want `retrypolicy.NewBuilder retries at once, with no delay between attempts`
	b.WithMaxRetries(3)
	b.HandleErrors(errUnavailable)
	p := b.Build()
	return failsafe.With[any](p).Run(func() error {
		_, err := c.charge(ctx, 5)
		return err
	})
}

// StepwiseJittered gives it a delay and a jitter, one statement each:
// silent.
func (c *Client) StepwiseJittered(ctx context.Context) error {
	b := retrypolicy.NewBuilder[any]()
	b.WithDelay(time.Second)
	b.WithJitterFactor(0.25)
	p := b.Build()
	return failsafe.With[any](p).Run(func() error {
		_, err := c.charge(ctx, 6)
		return err
	})
}
