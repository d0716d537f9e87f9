// Package api is a payment gateway client: every call goes through do,
// which turns a status outside 2xx into an *Error carrying it.
package api

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
)

// Error is a response whose status is not 2xx.
type Error struct {
	StatusCode int
	Message    string
}

func (e *Error) Error() string { return fmt.Sprintf("gateway: %d %s", e.StatusCode, e.Message) }

// Client talks to the gateway.
type Client struct {
	hc   *http.Client
	base string
}

type Charge struct {
	ID     string `json:"id"`
	Status string `json:"status"`
}

func (c *Client) do(ctx context.Context, method, path string, out any) error {
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, nil)
	if err != nil {
		return err
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return &Error{StatusCode: resp.StatusCode, Message: resp.Status}
	}
	return json.NewDecoder(resp.Body).Decode(out)
}

// GetCharge reads a charge.
func (c *Client) GetCharge(ctx context.Context, id string) (*Charge, error) {
	var ch Charge
	if err := c.do(ctx, http.MethodGet, "/charges/"+id, &ch); err != nil {
		return nil, err
	}
	return &ch, nil
}

// Fetch sends a GET and returns the response to the caller, who checks it.
func (c *Client) Fetch(ctx context.Context, path string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.base+path, nil)
	if err != nil {
		return nil, err
	}
	return c.hc.Do(req)
}

// LedgerError carries the ledger's own error code, not an HTTP status.
type LedgerError struct {
	Code int
}

func (e *LedgerError) Error() string { return fmt.Sprintf("ledger error %d", e.Code) }

// ErrCodeClosed is the ledger's code for a closed period.
const ErrCodeClosed = 4001
