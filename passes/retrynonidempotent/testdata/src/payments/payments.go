// Package payments is a payment provider's client, used by the handlers of
// package jobs; facts carry what its methods send.
package payments

import (
	"bytes"
	"context"
	"net/http"
)

type Client struct {
	HTTP *http.Client
	Base string
}

// Charge sends an unkeyed POST.
func (c *Client) Charge(ctx context.Context, orderID string, cents int64) error { // want Charge:`sends unkeyed POST \(retried=false\)`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.Base+"/charges", bytes.NewReader([]byte(orderID)))
	if err != nil {
		return err
	}
	resp, err := c.HTTP.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// ChargeKeyed sends the key its caller gives.
func (c *Client) ChargeKeyed(ctx context.Context, key, orderID string) error { // want ChargeKeyed:`sends POST keyed by param 1`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.Base+"/charges", bytes.NewReader([]byte(orderID)))
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", key)
	resp, err := c.HTTP.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Refund is an activity registered by package jobsapp.
func Refund(ctx context.Context, orderID string) error { // want Refund:`sends unkeyed POST \(retried=false\)`
	resp, err := http.Post("https://pay.example.com/refunds", "application/json", bytes.NewReader([]byte(orderID)))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Status is a GET: never a hazard.
func Status(ctx context.Context, orderID string) error {
	resp, err := http.Get("https://pay.example.com/orders/" + orderID)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Activities are the payment activities, registered as a whole by
// package jobsapp.
type Activities struct {
	Client *Client
}

// Capture sends an unkeyed POST.
func (a *Activities) Capture(ctx context.Context, orderID string) error { // want Capture:`sends unkeyed POST \(retried=false\)`
	return a.Client.Charge(ctx, orderID, 0)
}

// Lookup only reads.
func (a *Activities) Lookup(ctx context.Context, orderID string) error {
	return Status(ctx, orderID)
}
