// Package delayoptsvc is a client whose retry options are kept in a field
// or a package variable, here and in another package.
package delayoptsvc

import (
	"context"
	"errors"
	"time"

	"github.com/avast/retry-go/v4"

	"delayoptsdep"
)

var errBusy = errors.New("busy")

type Client struct {
	opts   []retry.Option
	spread []retry.Option
}

func NewClient() *Client {
	return &Client{
		opts:   []retry.Option{retry.Attempts(3), retry.DelayType(retry.FixedDelay)}, // want `retry.DelayType\(retry.FixedDelay\) has no jitter`
		spread: []retry.Option{retry.Attempts(3), retry.DelayType(retry.CombineDelay(retry.BackOffDelay, retry.RandomDelay))},
	}
}

func (c *Client) call(ctx context.Context) error { return errBusy }

func (c *Client) Sync(ctx context.Context) error {
	return retry.Do(func() error { return c.call(ctx) }, c.opts...) // reported where it is built, once
}

// SyncOwnDelay sets its own jittered delay type after the shared options.
func (c *Client) SyncOwnDelay(ctx context.Context) error {
	return retry.Do(func() error { return c.call(ctx) }, append(c.opts, retry.DelayType(retry.RandomDelay))...)
}

func (c *Client) SyncSpread(ctx context.Context) error {
	return retry.Do(func() error { return c.call(ctx) }, c.spread...)
}

var fixedOpts = []retry.Option{retry.Attempts(3), retry.Delay(time.Second), retry.DelayType(retry.BackOffDelay)} // want fixedOpts:"policy has no jitter \\(retry.DelayType\\(retry.BackOffDelay\\)\\)" `retry.DelayType\(retry.BackOffDelay\) has no jitter`

func (c *Client) Poll(ctx context.Context) error {
	return retry.Do(func() error { return c.call(ctx) }, fixedOpts...) // reported where it is built
}

func (c *Client) Shared(ctx context.Context) error {
	return retry.Do(func() error { return c.call(ctx) }, delayoptsdep.Steady...) // reported in delayoptsdep, where it is built
}

func (c *Client) SharedSpread(ctx context.Context) error {
	return retry.Do(func() error { return c.call(ctx) }, delayoptsdep.Spread...)
}

// fixed builds the options; its DelayType is reported here, once, and not
// again at each call that uses the field keeping them.
func fixed() []retry.Option { // want fixed:"policy has no jitter \\(retry.DelayType\\(retry.FixedDelay\\)\\)"
	return []retry.Option{retry.Attempts(3), retry.DelayType(retry.FixedDelay)} // want `retry.DelayType\(retry.FixedDelay\) has no jitter`
}

type Feed struct{ opts []retry.Option }

func NewFeed() *Feed { return &Feed{opts: fixed()} }

func (f *Feed) Pull(ctx context.Context) error {
	return retry.Do(func() error { return errBusy }, append([]retry.Option{retry.Context(ctx)}, f.opts...)...)
}
