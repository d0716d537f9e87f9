// Package optsvc is a client whose retry options come from a field, a
// package variable or a function, here and in another package.
package optsvc

import (
	"context"
	"errors"
	"time"

	"github.com/avast/retry-go/v4"

	"retryoptsdep"
)

var errBusy = errors.New("busy")

type Client struct {
	opts    []retry.Option
	bounded []retry.Option
	given   []retry.Option
}

func NewClient(given ...retry.Option) *Client {
	return &Client{
		opts:    []retry.Option{retry.Attempts(0), retry.Delay(time.Second)}, // want `retry.Attempts\(0\) retries until success`
		bounded: []retry.Option{retry.Attempts(4), retry.Delay(time.Second)},
		given:   given,
	}
}

func (c *Client) call(ctx context.Context) error { return errBusy }

func (c *Client) Sync(ctx context.Context) error {
	return retry.Do(func() error { return c.call(ctx) }, c.opts...) // reported where it is built
}

// SyncCtx adds the caller's context: it stops when the caller gives up.
func (c *Client) SyncCtx(ctx context.Context) error {
	return retry.Do(func() error { return c.call(ctx) }, append(c.opts, retry.Context(ctx))...)
}

// SyncCapped overrides the attempt count after the shared options.
func (c *Client) SyncCapped(ctx context.Context) error {
	return retry.Do(func() error { return c.call(ctx) }, append(c.opts, retry.Attempts(3))...)
}

func (c *Client) SyncBounded(ctx context.Context) error {
	return retry.Do(func() error { return c.call(ctx) }, c.bounded...)
}

// SyncGiven uses options its caller chose: nothing in view to judge.
func (c *Client) SyncGiven(ctx context.Context) error {
	return retry.Do(func() error { return c.call(ctx) }, c.given...)
}

var pollOpts = []retry.Option{retry.Attempts(0), retry.Delay(2 * time.Second)} // want pollOpts:"never stops: retry.Attempts\\(0\\)" `retry.Attempts\(0\) retries until success`

func (c *Client) Poll(ctx context.Context) error {
	return retry.Do(func() error { return c.call(ctx) }, pollOpts...) // reported where it is built
}

func localOpts() []retry.Option { // want localOpts:"never stops: retry.UntilSucceeded\\(\\)"
	return []retry.Option{retry.UntilSucceeded()}
}

func (c *Client) Local(ctx context.Context) error {
	return retry.Do(func() error { return c.call(ctx) }, localOpts()...) // want `the policy from localOpts\(\) never stops \(retry.UntilSucceeded\(\)\)`
}

func (c *Client) Shared(ctx context.Context) error {
	return retry.Do(func() error { return c.call(ctx) }, retryoptsdep.Persistent()...) // want `the policy from retryoptsdep.Persistent\(\) never stops \(retry.Attempts\(0\)\)`
}

func (c *Client) SharedVar(ctx context.Context) error {
	opts := retryoptsdep.Persistent()
	return retry.Do(func() error { return c.call(ctx) }, opts...) // want `the policy from retryoptsdep.Persistent\(\) never stops`
}

func (c *Client) SharedDefaults(ctx context.Context) error {
	return retry.Do(func() error { return c.call(ctx) }, retryoptsdep.Defaults...) // want `the policy stored in variable retryoptsdep.Defaults never stops \(retry.UntilSucceeded\(\)\)`
}

// Look-alikes: bounded lists, a context among the options, a limit added
// at the call.
func (c *Client) SharedBounded(ctx context.Context) error {
	return retry.Do(func() error { return c.call(ctx) }, retryoptsdep.Bounded()...)
}

func (c *Client) SharedScoped(ctx context.Context) error {
	return retry.Do(func() error { return c.call(ctx) }, retryoptsdep.Scoped(ctx)...)
}

func (c *Client) SharedQuick(ctx context.Context) error {
	return retry.Do(func() error { return c.call(ctx) }, retryoptsdep.Quick...)
}

func (c *Client) SharedWithContext(ctx context.Context) error {
	return retry.Do(func() error { return c.call(ctx) }, append(retryoptsdep.Persistent(), retry.Context(ctx))...)
}
