// Package ampwrap wraps an SDK's client in a decorator that retries every
// call, stores only the decorator, and polls through it.
package ampwrap

import (
	"context"
	"errors"
	"fmt"
	"time"

	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/util/retry"

	"ampwrap/vault"
)

type retryClient struct{ client vault.Client }

func newRetryClient(c vault.Client) vault.Client { return &retryClient{client: c} }

func (r *retryClient) GetItem(ctx context.Context, title string) (*vault.Item, error) { // want GetItem:"retries\\(attempts=3\\)"
	var item *vault.Item
	err := retry.OnError(wait.Backoff{Duration: 100 * time.Millisecond, Factor: 2, Jitter: 0.1, Steps: 3}, func(error) bool { return true }, func() error {
		var err error
		item, err = r.client.GetItem(ctx, title)
		return err
	})
	return item, err
}

type Provider struct {
	client vault.Client
}

func NewProvider() *Provider {
	return &Provider{client: newRetryClient(vault.New())}
}

func (p *Provider) findItem(ctx context.Context, title string) error { // want findItem:"retries\\(attempts=3\\)"
	_, err := p.client.GetItem(ctx, title)
	return err
}

// waitForFunc retries fn every half second until it succeeds or five
// seconds pass.
func (p *Provider) waitForFunc(ctx context.Context, fn func() error) error { // want waitForFunc:"retries\\(attempts=0\\)"
	tick := time.NewTicker(500 * time.Millisecond)
	defer tick.Stop()
	done, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	var err error
	for {
		select {
		case <-tick.C:
			if err = fn(); err == nil {
				return nil
			}
		case <-done.Done():
			return fmt.Errorf("timeout: %w", err)
		}
	}
}

func (p *Provider) waitForItem(ctx context.Context, title string) func() error {
	return func() error { return p.findItem(ctx, title) }
}

func (p *Provider) Push(ctx context.Context, title string) error { // want Push:"retries\\(attempts=0\\)"
	if title == "" {
		return errors.New("no title")
	}
	return p.waitForFunc(ctx, p.waitForItem(ctx, title)) // want `retry inside a retry`
}

// Look-alikes: a provider that holds the SDK's own client (no decorator),
// and one whose field holds the decorator or the plain client, as the
// caller chooses: the call could run either.

type Direct struct {
	client vault.Client
}

func NewDirect() *Direct { return &Direct{client: vault.New()} }

func (d *Direct) find(ctx context.Context, title string) func() error {
	return func() error {
		_, err := d.client.GetItem(ctx, title)
		return err
	}
}

func (d *Direct) Push(ctx context.Context, title string) error { // want Push:"retries\\(attempts=0\\)"
	p := &Provider{}
	return p.waitForFunc(ctx, d.find(ctx, title))
}

type Either struct {
	client vault.Client
}

func NewEither(retrying bool) *Either {
	if retrying {
		return &Either{client: newRetryClient(vault.New())}
	}
	return &Either{client: vault.New()}
}

func (e *Either) Push(ctx context.Context, title string) error { // want Push:"retries\\(attempts=0\\)"
	p := &Provider{}
	return p.waitForFunc(ctx, func() error {
		_, err := e.client.GetItem(ctx, title)
		return err
	})
}
