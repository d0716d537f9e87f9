package quotes

import (
	"context"
	"encoding/json"
	"fmt"
	"time"
)

// apiError is the body the quote service sends with a failure; it says
// whether the call may be tried again.
type apiError struct {
	Code      string `json:"code"`
	Retryable bool   `json:"retryable"`
}

// Depth retries a failure only when the service's error body says it may:
// the service, not the status, singles out what is retried.
func (c *Client) Depth(ctx context.Context, symbol string, attempt int) error {
	resp, err := c.hc.Get(c.base + "/depth/" + symbol)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	var apiErr apiError
	if resp.StatusCode >= 400 {
		_ = json.NewDecoder(resp.Body).Decode(&apiErr)
	}
	if resp.StatusCode >= 400 && apiErr.Retryable && attempt < maxAttempts {
		time.Sleep(time.Second)
		return c.Depth(ctx, symbol, attempt+1)
	}
	if resp.StatusCode >= 400 {
		return fmt.Errorf("depth %s: %s", symbol, apiErr.Code)
	}
	return nil
}

// Spread retries every failed status while attempts are left.
func (c *Client) Spread(ctx context.Context, symbol string, attempt int) error {
	resp, err := c.hc.Get(c.base + "/spread/" + symbol) // want `retry on any non-success status also retries 4xx responses`
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 400 && attempt < maxAttempts {
		time.Sleep(time.Second)
		return c.Spread(ctx, symbol, attempt+1)
	}
	if resp.StatusCode >= 400 {
		return fmt.Errorf("spread %s: status %d", symbol, resp.StatusCode)
	}
	return nil
}
