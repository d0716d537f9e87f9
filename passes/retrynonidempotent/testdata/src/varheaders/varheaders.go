// Package varheaders builds requests with a helper that adds the headers
// its callers pass as variadic elements.
package varheaders

import (
	"context"
	"net/http"
	"time"
)

type Header struct{ Name, Value string }

type Client struct{ c *http.Client }

func (c *Client) newRequest(ctx context.Context, method, path string, headers ...Header) (*http.Request, error) { // want newRequest:`builds`
	req, err := http.NewRequestWithContext(ctx, method, "https://api.example.com/"+path, nil)
	if err != nil {
		return nil, err
	}
	for _, h := range headers {
		req.Header.Add(h.Name, h.Value)
	}
	return req, nil
}

func (c *Client) post(ctx context.Context, path string, headers ...Header) error {
	for attempt := 0; attempt < 3; attempt++ {
		req, err := c.newRequest(ctx, http.MethodPost, path, headers...)
		if err != nil {
			return err
		}
		if resp, err := c.c.Do(req); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return nil
}

// Plain gives no header: the POST is retried unkeyed.
func (c *Client) Plain(ctx context.Context) error { // want Plain:`sends unkeyed POST \(retried=true\)`
	for attempt := 0; attempt < 3; attempt++ {
		req, err := c.newRequest(ctx, http.MethodPost, "charges")
		if err != nil {
			return err
		}
		if resp, err := c.c.Do(req); err == nil { // want `POST request is retried without an Idempotency-Key header`
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return nil
}

// Keyed gives the key as a header element.
func (c *Client) Keyed(ctx context.Context, key string) error {
	for attempt := 0; attempt < 3; attempt++ {
		req, err := c.newRequest(ctx, http.MethodPost, "charges", Header{Name: "Idempotency-Key", Value: key})
		if err != nil {
			return err
		}
		if resp, err := c.c.Do(req); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return nil
}

// Forwarded passes on headers it cannot see: they may hold a key.
func (c *Client) Forwarded(ctx context.Context, h Header) error {
	for attempt := 0; attempt < 3; attempt++ {
		req, err := c.newRequest(ctx, http.MethodPost, "charges", h)
		if err != nil {
			return err
		}
		if resp, err := c.c.Do(req); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return nil
}
