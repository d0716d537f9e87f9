// want package:`waits Client.WaitCondition Client.WaitStatus newTicker`

// Package tickermaker waits on tickers made by a helper of the package,
// with the client's poll delay, which a setter gives and the constructor
// sets to a constant: the period is fixed, so a retry that goes round on
// its ticks has no jitter. A poll whose failed call returns waits only
// after a "not yet".
package tickermaker

import (
	"context"
	"time"
)

type Client struct{ poll time.Duration }

func NewClient() *Client {
	c := &Client{}
	c.SetPollDelay(3 * time.Second)
	return c
}

// SetPollDelay sets the wait between polls.
func (c *Client) SetPollDelay(d time.Duration) *Client {
	c.poll = d
	return c
}

func (c *Client) PollDelay() time.Duration { return c.poll }

func newTicker(c *Client) *time.Ticker { return time.NewTicker(c.PollDelay()) }

// WaitCondition asks again after a failed check when told to retry.
func (c *Client) WaitCondition(ctx context.Context, cond func(context.Context) (bool, error), retry bool) error {
	ticker := newTicker(c)
	defer ticker.Stop()
	for {
		select {
		case <-ticker.C: // want `retry delay has no jitter`
			ok, err := cond(ctx)
			if err != nil && !retry {
				return err
			}
			if ok {
				return nil
			}
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// WaitStatus returns on a failed read: a poll.
func (c *Client) WaitStatus(ctx context.Context, get func(context.Context) (string, error)) error {
	ticker := newTicker(c)
	defer ticker.Stop()
	for {
		select {
		case <-ticker.C:
			s, err := get(ctx)
			if err != nil {
				return err
			}
			if s == "running" {
				return nil
			}
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}
