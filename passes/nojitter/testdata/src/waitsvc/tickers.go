// want package:`waits Client.AwaitHealthy Client.AwaitHealthySpread Client.Broadcast Client.Carts Client.Health Client.Item Client.Labels Client.Linear Client.Orders Client.Poll Client.Price Client.Refresh Client.Report Client.Stock Client.Sync Client.Users Client.Watch Client.get Client.wait Every every`

package waitsvc

import (
	"context"
	"math/rand/v2"
	"time"
)

// AwaitHealthy asks for the health endpoint on every tick until it
// answers: every client that saw the outage ticks in step.
func (c *Client) AwaitHealthy(ctx context.Context) error {
	tick := time.NewTicker(5 * time.Second)
	defer tick.Stop()
	for range tick.C { // want `retry delay has no jitter`
		if err := c.get(ctx, "/healthz"); err == nil {
			return nil
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
	}
	return nil
}

// AwaitHealthySpread ticks at a period drawn once per client, which
// spreads the clients out.
func (c *Client) AwaitHealthySpread(ctx context.Context) error {
	tick := time.NewTicker(4*time.Second + rand.N(2*time.Second))
	defer tick.Stop()
	for range tick.C {
		if err := c.get(ctx, "/healthz"); err == nil {
			return nil
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
	}
	return nil
}

// Report sends metrics on every tick and gives up at the first failure:
// periodic work, not a retry.
func (c *Client) Report(ctx context.Context) error {
	tick := time.NewTicker(10 * time.Second)
	defer tick.Stop()
	for range tick.C {
		if err := c.get(ctx, "/metrics"); err != nil {
			return err
		}
	}
	return nil
}
