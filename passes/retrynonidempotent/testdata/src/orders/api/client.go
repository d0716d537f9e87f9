// Package api is a small client of an orders service: every call goes
// through do, which retries, and copies the caller's headers into the
// request.
package api

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/google/uuid"
)

type Client struct {
	hc             *http.Client
	base           string
	defaultHeaders map[string]string
}

// do sends one request, retrying transport errors and 5xx responses.
func (c *Client) do(ctx context.Context, method, path string, body []byte, headers map[string]string) (*http.Response, error) { // want do:`sends unkeyed param 1 \(retried=true\) unless headers \[4\] hold a key`
	var lastErr error
	for attempt := 0; attempt < 4; attempt++ {
		req, err := http.NewRequestWithContext(ctx, method, c.base+path, bytes.NewReader(body))
		if err != nil {
			return nil, err
		}
		req.Header.Set("Content-Type", "application/json")
		for k, v := range headers {
			req.Header.Set(k, v)
		}
		resp, err := c.hc.Do(req)
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		if err == nil {
			resp.Body.Close()
			err = errors.New(resp.Status)
		}
		lastErr = err
		time.Sleep(time.Duration(attempt+1) * 200 * time.Millisecond)
	}
	return nil, lastErr
}

// Post passes its caller's headers on.
func (c *Client) Post(ctx context.Context, path string, body []byte, headers map[string]string) error { // want Post:`sends unkeyed POST \(retried=true\) unless headers \[3\] hold a key`
	resp, err := c.do(ctx, http.MethodPost, path, body, headers)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// CreateOrder sends the caller's key on every attempt: fine.
func (c *Client) CreateOrder(ctx context.Context, key string, body []byte) error {
	resp, err := c.do(ctx, http.MethodPost, "/orders", body, map[string]string{"Idempotency-Key": key})
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// CreateRefund makes its key once per call, before do retries: fine.
func (c *Client) CreateRefund(ctx context.Context, body []byte) error {
	h := map[string]string{"Accept": "application/json"}
	h["Idempotency-Key"] = uuid.NewString()
	resp, err := c.do(ctx, http.MethodPost, "/refunds", body, h)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// CreateInvoice sends only content headers: do retries the POST unkeyed.
func (c *Client) CreateInvoice(ctx context.Context, body []byte) error { // want CreateInvoice:`sends unkeyed POST \(retried=true\)`
	resp, err := c.do(ctx, http.MethodPost, "/invoices", body, map[string]string{"Accept": "application/json"}) // want `POST request is sent through do, which retries it without an Idempotency-Key header`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Annotate builds its headers from constants only.
func (c *Client) Annotate(ctx context.Context, id string, body []byte) error { // want Annotate:`sends unkeyed PATCH \(retried=true\)`
	h := make(map[string]string)
	h["Accept"] = "application/json"
	h["X-Request-Source"] = "checkout"
	resp, err := c.do(ctx, http.MethodPatch, "/orders/"+id, body, h) // want `PATCH request is sent through do, which retries it without an Idempotency-Key header`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Cancel is a DELETE: fine.
func (c *Client) Cancel(ctx context.Context, id string) error {
	resp, err := c.do(ctx, http.MethodDelete, "/orders/"+id, nil, nil)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Tag sends headers made by a helper of the package that sets the key.
func (c *Client) Tag(ctx context.Context, id, key string, body []byte) error {
	resp, err := c.do(ctx, http.MethodPost, "/orders/"+id+"/tags", body, KeyHeaders(key))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
