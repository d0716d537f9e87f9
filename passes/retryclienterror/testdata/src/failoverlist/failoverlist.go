// Package failoverlist asks each service of a list whether it owns an
// alias and moves on when one answers anything but 200: failover over
// targets (RULES.md, "Vocabulary"), where a 404 from one service says
// nothing of the next. A loop that asks the same service again on every
// non-200 retries its 4xx.
package failoverlist

import (
	"context"
	"errors"
	"math/rand/v2"
	"net/http"
	"time"
)

type Client struct{ hc *http.Client }

func (c *Client) Owner(ctx context.Context, services []string, alias string) (string, error) {
	for _, svc := range services {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, svc+"/aliases/"+alias, nil)
		if err != nil {
			return "", err
		}
		resp, err := c.hc.Do(req)
		if err != nil {
			return "", err
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			continue
		}
		return svc, nil
	}
	return "", errors.New("no owner")
}

func (c *Client) Ask(ctx context.Context, svc, alias string) error {
	for range 5 {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, svc+"/aliases/"+alias, nil)
		if err != nil {
			return err
		}
		resp, err := c.hc.Do(req) // want `retry on any non-success status also retries 4xx responses`
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
		time.Sleep(time.Second/2 + rand.N(time.Second/2))
	}
	return errors.New("unavailable")
}

// Probe asks each node, and asks them all again every second until one
// answers 200: a 401 from every node goes round again.
func (c *Client) Probe(ctx context.Context, nodes []string) error {
	for ctx.Err() == nil {
		for _, n := range nodes {
			resp, err := c.hc.Head(n) // want `retry on any non-success status also retries 4xx responses`
			if err != nil {
				continue
			}
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
		time.Sleep(time.Second/2 + rand.N(time.Second/2))
	}
	return ctx.Err()
}
