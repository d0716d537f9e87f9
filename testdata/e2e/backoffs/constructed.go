package backoffs

import (
	"context"

	backoff "github.com/cenkalti/backoff/v4"
	retry "github.com/sethvargo/go-retry"

	"example.com/e2e/policies"
)

// FromConstructors retries with policies built in another package.
func FromConstructors(ctx context.Context) {
	_ = backoff.Retry(op, policies.Forever())
	_ = backoff.Retry(op, backoff.WithMaxRetries(policies.Steady(), 3))
	_ = retry.Do(ctx, policies.Exponential(), func(ctx context.Context) error { return op() })
	_ = backoff.Retry(op, policies.Default())
	_ = backoff.Retry(op, backoff.WithContext(policies.Forever(), ctx))
}

// Client keeps the policy it retries with in a field.
type Client struct {
	policy backoff.BackOff
}

func NewClient() *Client { return &Client{policy: policies.Steady()} }

func (c *Client) Do() error { return backoff.Retry(op, c.policy) }
