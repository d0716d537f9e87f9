// Package redialkit is a client that retries a request by calling itself.
package redialkit

import (
	"context"
	"net/http"
	"time"
)

type Client struct {
	hc   *http.Client
	base string
}

// Get tries a request up to four times, calling itself after each failure.
func (c *Client) Get(ctx context.Context, path string, attempt int) error { // want Get:"retries\\(attempts=0\\)"
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.base+path, nil)
	if err != nil {
		return err
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		if attempt >= 3 {
			return err
		}
		time.Sleep(time.Second)
		return c.Get(ctx, path, attempt+1)
	}
	return resp.Body.Close()
}

// Once tries a request once.
func (c *Client) Once(ctx context.Context, path string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.base+path, nil)
	if err != nil {
		return err
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
