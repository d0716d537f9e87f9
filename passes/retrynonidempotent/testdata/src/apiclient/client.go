// Package apiclient is an API client whose methods send requests; package
// idem retries them, so the facts carry across packages.
package apiclient

import (
	"bytes"
	"context"
	"net/http"
	"time"

	"github.com/google/uuid"
)

type Client struct {
	HTTP *http.Client
	Base string
}

// CreateOrder sends an unkeyed POST.
func (c *Client) CreateOrder(ctx context.Context, body []byte) error { // want CreateOrder:`sends unkeyed POST \(retried=false\)`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.Base+"/orders", bytes.NewReader(body))
	if err != nil {
		return err
	}
	_, err = c.HTTP.Do(req)
	return err
}

// GetOrder sends a GET: never a hazard.
func (c *Client) GetOrder(ctx context.Context, id string) error {
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, c.Base+"/orders/"+id, nil)
	_, err := c.HTTP.Do(req)
	return err
}

// Do sends a request with the method its caller chooses.
func (c *Client) Do(ctx context.Context, method, path string) error { // want Do:`sends unkeyed param 1 \(retried=false\)`
	req, err := http.NewRequestWithContext(ctx, method, c.Base+path, nil)
	if err != nil {
		return err
	}
	_, err = c.HTTP.Do(req)
	return err
}

// DoRetry retries a request with the method its caller chooses.
func (c *Client) DoRetry(ctx context.Context, method, path string) error { // want DoRetry:`sends unkeyed param 1 \(retried=true\)`
	var err error
	for i := 0; i < 3; i++ {
		req, _ := http.NewRequestWithContext(ctx, method, c.Base+path, nil)
		if _, err = c.HTTP.Do(req); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// CreatePayment adds the key itself, like stripe-go: safe to retry.
func (c *Client) CreatePayment(ctx context.Context) error {
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, c.Base+"/payments", nil)
	req.Header.Set("Idempotency-Key", uuid.NewString())
	_, err := c.HTTP.Do(req)
	return err
}

// SetKey sets the key on the request it is given.
func SetKey(req *http.Request, key string) { // want SetKey:`sets key on param 0`
	req.Header.Set("Idempotency-Key", key)
}

// CreateOrderOp returns the operation that creates an order.
func (c *Client) CreateOrderOp(ctx context.Context) func() error {
	return func() error { return c.CreateOrder(ctx, nil) }
}
