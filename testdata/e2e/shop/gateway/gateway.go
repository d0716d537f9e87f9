// Package gateway is a payment provider's API client. Requests are built by
// a helper that takes the method, and idempotency keys by helpers: what
// package shop does with them is judged across the package boundary.
package gateway

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"time"
)

// MethodCreate is the method the provider's API creates resources with.
const MethodCreate = http.MethodPost

const pathRefunds = "/v1/refunds"

type Client struct {
	HC   *http.Client
	base string
}

func New(base string) *Client {
	return &Client{HC: &http.Client{Timeout: 10 * time.Second}, base: base}
}

// NewRequest builds an API request; the method is the caller's.
func (c *Client) NewRequest(ctx context.Context, method, path string, body []byte) (*http.Request, error) {
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	return req, nil
}

// AttemptKey folds the time of the call into the key: a new key each call.
func AttemptKey(orderID string) string {
	return fmt.Sprintf("%s-%d", orderID, time.Now().UnixNano())
}

// OrderKey derives the key from the order alone.
func OrderKey(orderID string) string { return "order-" + orderID }

// Refund posts a refund without a key.
func (c *Client) Refund(ctx context.Context, chargeID string) error {
	return c.do(ctx, MethodCreate, pathRefunds, []byte(`{"charge":"`+chargeID+`"}`))
}

// Charge reads a charge.
func (c *Client) Charge(ctx context.Context, id string) error {
	return c.do(ctx, http.MethodGet, "/v1/charges/"+id, nil)
}

func (c *Client) do(ctx context.Context, method, path string, body []byte) error {
	req, err := c.NewRequest(ctx, method, path, body)
	if err != nil {
		return err
	}
	resp, err := c.HC.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		return fmt.Errorf("gateway: %s %s: %s", method, path, resp.Status)
	}
	return nil
}
