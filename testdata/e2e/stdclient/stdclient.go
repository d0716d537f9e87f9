// Package stdclient keeps a go-retryablehttp client behind a plain
// *http.Client, built in a constructor and kept in a field.
package stdclient

import (
	"bytes"
	"context"
	"net/http"

	"github.com/hashicorp/go-retryablehttp"
)

type Client struct {
	hc   *http.Client
	once *http.Client
	base string
}

func New(base string) *Client {
	rc := retryablehttp.NewClient()
	rc.RetryMax = 2
	rc.Backoff = retryablehttp.LinearJitterBackoff
	off := retryablehttp.NewClient()
	off.RetryMax = 0
	off.Backoff = retryablehttp.LinearJitterBackoff
	return &Client{hc: rc.StandardClient(), once: off.StandardClient(), base: base}
}

// Create posts through the retrying client: reported.
func (c *Client) Create(ctx context.Context, body []byte) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+"/orders", bytes.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// CreateOnce posts through the client whose retries are off: fine.
func (c *Client) CreateOnce(ctx context.Context, body []byte) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+"/orders", bytes.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := c.once.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
