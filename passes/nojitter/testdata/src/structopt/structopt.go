// want package:`waits Client.DoBusy Client.DoSpread`

// Package structopt configures its retry backoff through options that are
// structs holding a closure (producerOpt{func(c *cfg) { c.txnBackoff = d
// }}), as option constructors returning the closure itself do: the field
// holds what the caller chose, one fixed delay, with no jitter unless the
// wait adds it.
package structopt

import (
	"context"
	"errors"
	"math/rand/v2"
	"time"
)

var errBusy = errors.New("concurrent transactions")

type cfg struct {
	txnBackoff   time.Duration
	retryBackoff time.Duration
}

type Opt interface{ apply(*cfg) }

type opt struct{ fn func(*cfg) }

func (o opt) apply(c *cfg) { o.fn(c) }

// TransactionBackoff sets the wait after a busy answer.
func TransactionBackoff(d time.Duration) Opt {
	return opt{func(c *cfg) { c.txnBackoff = d }}
}

// RetryBackoff sets the base of a jittered wait.
func RetryBackoff(d time.Duration) Opt {
	return &opt{fn: func(c *cfg) { c.retryBackoff = d }}
}

type Client struct{ cfg cfg }

func New(opts ...Opt) *Client {
	c := cfg{txnBackoff: 20 * time.Millisecond, retryBackoff: 100 * time.Millisecond}
	for _, o := range opts {
		o.apply(&c)
	}
	return &Client{cfg: c}
}

// DoBusy waits the configured backoff, the same for every client.
func (cl *Client) DoBusy(ctx context.Context, fn func() error) error {
	backoff := cl.cfg.txnBackoff
start:
	err := fn()
	if errors.Is(err, errBusy) {
		select {
		case <-time.After(backoff): // want `retry delay has no jitter`
		case <-ctx.Done():
			return err
		}
		goto start
	}
	return err
}

// DoSpread adds a random part to the configured base.
func (cl *Client) DoSpread(ctx context.Context, fn func() error) error {
	for i := 0; i < 5; i++ {
		if err := fn(); err == nil {
			return nil
		}
		d := cl.cfg.retryBackoff
		select {
		case <-time.After(d/2 + rand.N(d/2+1)):
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return errors.New("gave up")
}
