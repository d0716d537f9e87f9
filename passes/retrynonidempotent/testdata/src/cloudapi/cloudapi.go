// Package cloudapi is a cloud provider's client whose Do hands the
// caller's request to a retrying client after converting it.
package cloudapi

import (
	"bytes"
	"context"
	"net/http"

	"github.com/hashicorp/go-retryablehttp"
)

type Client struct {
	rc   *retryablehttp.Client
	base string
}

func New(base string) *Client {
	return &Client{rc: retryablehttp.NewClient(), base: base}
}

// Do sends r through the retrying client: the request it converts is the
// caller's.
func (c *Client) Do(ctx context.Context, r *http.Request) (*http.Response, error) { // want Do:`sends request param 1 \(keyed=false retried=true\)`
	rr, err := retryablehttp.FromRequest(r.WithContext(ctx))
	if err != nil {
		return nil, err
	}
	return c.rc.Do(rr)
}

// Ping sends a request of its own; the one it is given only names the
// caller's context.
func (c *Client) Ping(ctx context.Context, r *http.Request) error {
	rr, err := retryablehttp.NewRequest(http.MethodGet, c.base+"/ping", nil)
	if err != nil {
		return err
	}
	resp, err := c.rc.Do(rr)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (c *Client) CreateInstance(ctx context.Context, body []byte) error { // want CreateInstance:`sends unkeyed POST \(retried=true\)`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+"/instances", bytes.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := c.Do(ctx, req) // want `POST request is sent through Do, which retries it without an Idempotency-Key header`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (c *Client) CreateInstanceKeyed(ctx context.Context, body []byte, key string) error { // want CreateInstanceKeyed:`sends POST keyed by param 2`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+"/instances", bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", key)
	resp, err := c.Do(ctx, req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (c *Client) ListInstances(ctx context.Context) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.base+"/instances", nil)
	if err != nil {
		return err
	}
	resp, err := c.Do(ctx, req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (c *Client) Touch(ctx context.Context) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+"/touch", nil)
	if err != nil {
		return err
	}
	return c.Ping(ctx, req)
}
