package carriers

import (
	"context"
	"net/http"
	"strconv"
	"time"

	"shipkit/apierr"
)

// Gotos: retries written with a goto back to a label.

// LabelPDF goes back on any status outside 2xx: a 404 is asked again.
func (c *Client) LabelPDF(ctx context.Context, id string) error {
	tries := 0
again:
	resp, err := c.hc.Get(c.base + "/labels/" + id) // want `retry on any non-success status`
	if err != nil {
		return err
	}
	apierr.Discard(resp)
	if !apierr.OK(resp.StatusCode) && tries < 3 {
		tries++
		time.Sleep(pause(tries))
		goto again
	}
	return nil
}

// ManifestPDF goes back only on 5xx and 429, waiting what Retry-After says.
func (c *Client) ManifestPDF(ctx context.Context, id string) error {
	tries := 0
again:
	resp, err := c.hc.Get(c.base + "/manifests/" + id)
	if err != nil {
		return err
	}
	apierr.Discard(resp)
	if apierr.Transient(resp.StatusCode) && tries < 3 {
		tries++
		wait := pause(tries)
		if s, err := strconv.Atoi(resp.Header.Get("Retry-After")); err == nil {
			wait = time.Duration(s) * time.Second
		}
		time.Sleep(wait)
		goto again
	}
	return nil
}

// Pickup goes back on 429 with a plain pause, never the Retry-After.
func (c *Client) Pickup(ctx context.Context, id string) error {
	tries := 0
again:
	resp, err := c.hc.Get(c.base + "/pickups/" + id)
	if err != nil {
		return err
	}
	apierr.Discard(resp)
	if resp.StatusCode == http.StatusTooManyRequests && tries < 3 {
		tries++
		time.Sleep(pause(tries)) // want `retry on 429 or 503 ignores the Retry-After header`
		goto again
	}
	return nil
}
