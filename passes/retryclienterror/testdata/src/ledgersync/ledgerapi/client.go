// Package ledgerapi is the ledger service's HTTP client.
package ledgerapi

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"

	"github.com/cenkalti/backoff/v4"
)

// StatusError is an answer outside 2xx.
type StatusError struct{ Code int }

func (e *StatusError) Error() string { return fmt.Sprintf("ledger: status %d", e.Code) }

// Client calls the ledger.
type Client struct {
	HC   *http.Client
	Base string
}

// Post sends body to path and fails on every status outside 2xx.
func (c *Client) Post(ctx context.Context, path, body string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.Base+path, strings.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", path)
	resp, err := c.HC.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return &StatusError{Code: resp.StatusCode}
	}
	return nil
}

// Put sends body to path; a client error is marked permanent for the
// caller's backoff.Retry.
func (c *Client) Put(ctx context.Context, path, body string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, c.Base+path, strings.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := c.HC.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if code := resp.StatusCode; code >= 400 && code < 500 {
		return backoff.Permanent(&StatusError{Code: code})
	}
	if resp.StatusCode >= 500 {
		return &StatusError{Code: resp.StatusCode}
	}
	return nil
}

// Get reads path into out when out is given; it fails on 5xx only, and
// on a body that does not decode, whatever the status.
func (c *Client) Get(ctx context.Context, path string, out any) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.Base+path, nil)
	if err != nil {
		return err
	}
	resp, err := c.HC.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 500 {
		return &StatusError{Code: resp.StatusCode}
	}
	if out != nil {
		return json.NewDecoder(resp.Body).Decode(out)
	}
	return nil
}
