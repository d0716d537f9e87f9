// Package provider publishes ACME challenge records.
package provider

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/cenkalti/backoff/v5"

	"zonesync/api"
	"zonesync/poll"
)

type Provider struct {
	client *api.Client
	zone   string
}

// Present publishes a record through waitFor.
func (p *Provider) Present(ctx context.Context, name, value string) error {
	return p.waitFor(ctx, func() error {
		_, err := p.client.CreateRRSet(ctx, p.zone, api.RRSet{Name: name, Values: []string{value}})
		if err != nil {
			return fmt.Errorf("create rrset: %w", err)
		}
		return nil
	})
}

// Refresh goes through waitFor with an operation that fails only on 5xx.
func (p *Provider) Refresh(ctx context.Context) error {
	return p.waitFor(ctx, func() error { // want `waits the retry helper.s own backoff and ignores the Retry-After`
		return p.client.Touch(ctx, p.zone)
	})
}

func (p *Provider) waitFor(ctx context.Context, operation func() error) error {
	err := poll.Retry(ctx, operation, // want `retry on any non-success status also retries 4xx`
		backoff.WithBackOff(backoff.NewConstantBackOff(2*time.Second)),
		backoff.WithMaxElapsedTime(time.Minute),
	)
	if err != nil {
		return fmt.Errorf("provider: %w", err)
	}
	return nil
}

// waitServer retries only what Touch-like operations fail with.
func (p *Provider) waitServer(ctx context.Context, operation func() error) error {
	return poll.Retry(ctx, operation, backoff.WithMaxElapsedTime(time.Minute))
}

// Check goes through waitServer with a 5xx-only operation.
func (p *Provider) Check(ctx context.Context) error {
	return p.waitServer(ctx, func() error { return p.client.Touch(ctx, p.zone) }) // want `waits the retry helper.s own backoff and ignores the Retry-After`
}

// PresentStrict makes every API error permanent: only transport errors
// go round.
func (p *Provider) PresentStrict(ctx context.Context, name, value string) error {
	return poll.Retry(ctx, func() error {
		_, err := p.client.CreateRRSet(ctx, p.zone, api.RRSet{Name: name, Values: []string{value}})
		var apiErr *api.APIError
		var stErr *api.StatusError
		if errors.As(err, &apiErr) || errors.As(err, &stErr) {
			return backoff.Permanent(err)
		}
		return err
	}, backoff.WithMaxElapsedTime(time.Minute))
}
