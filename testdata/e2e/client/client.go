// Package client is an API client used by package httpx: the facts about
// its methods cross the package boundary.
package client

import (
	"bytes"
	"context"
	"net/http"
)

type Client struct {
	HTTP *http.Client
	Base string
}

// CreateOrder sends an unkeyed POST.
func (c *Client) CreateOrder(ctx context.Context, body []byte) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.Base+"/orders", bytes.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := c.HTTP.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Get sends a GET.
func (c *Client) Get(ctx context.Context, path string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.Base+path, nil)
	if err != nil {
		return err
	}
	resp, err := c.HTTP.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
