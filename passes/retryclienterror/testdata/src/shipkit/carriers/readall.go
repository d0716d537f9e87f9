package carriers

import (
	"context"
	"io"
	"time"

	"shipkit/apierr"
)

// Invoice: the shared checker turns every non-2xx into an error, which
// goes round; reading the body afterwards does not make the response a
// different input.
func (c *Client) Invoice(ctx context.Context, id string) ([]byte, error) {
	var lastErr error
	for attempt := 1; attempt <= 3; attempt++ {
		resp, err := c.hc.Get(c.base + "/invoices/" + id) // want `retry on any non-success status`
		if err != nil {
			lastErr = err
			time.Sleep(pause(attempt))
			continue
		}
		if err := apierr.FromResponse(resp); err != nil {
			lastErr = err
			time.Sleep(pause(attempt))
			continue
		}
		defer resp.Body.Close()
		return io.ReadAll(resp.Body)
	}
	return nil, lastErr
}

// Statement: only 5xx come back from the checker as errors: not reported.
func (c *Client) Statement(ctx context.Context, id string) ([]byte, error) {
	var lastErr error
	for attempt := 1; attempt <= 3; attempt++ {
		resp, err := c.hc.Get(c.base + "/statements/" + id)
		if err != nil {
			lastErr = err
			time.Sleep(pause(attempt))
			continue
		}
		if err := apierr.ServerFault(resp); err != nil {
			resp.Body.Close()
			lastErr = err
			time.Sleep(pause(attempt)) // want `retry on 429 or 503 ignores the Retry-After header`
			continue
		}
		defer resp.Body.Close()
		return io.ReadAll(resp.Body)
	}
	return nil, lastErr
}
