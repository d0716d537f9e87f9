// Package carrier is the carrier API's client.
package carrier

import (
	"bytes"
	"context"
	"net/http"
)

type Client struct {
	base string
	HC   *http.Client
}

// NewRequest builds a request; the caller sends it.
func (c *Client) NewRequest(ctx context.Context, method, path string, body []byte) (*http.Request, error) { // want NewRequest:`builds param 1 request \(keyed=false fresh=false\)`
	return http.NewRequestWithContext(ctx, method, c.base+path, bytes.NewReader(body))
}

// NewKeyedRequest builds a request carrying the caller's key.
func (c *Client) NewKeyedRequest(ctx context.Context, method, path, key string, body []byte) (*http.Request, error) { // want NewKeyedRequest:`builds param 1 request \(keyed=true fresh=false\)`
	req, err := c.NewRequest(ctx, method, path, body)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Idempotency-Key", key)
	return req, nil
}
