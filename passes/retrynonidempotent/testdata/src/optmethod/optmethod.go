// Package optmethod sends through one request helper whose method is a
// field of the options its callers fill: the method is the callers'.
package optmethod

import (
	"bytes"
	"context"
	"net/http"
	"time"
)

type Client struct{ c *http.Client }

type RequestOptions struct {
	Method string
	Path   string
	Body   []byte
}

func (c *Client) Perform(ctx context.Context, opt RequestOptions) (*http.Response, error) { // want Perform:`sends unkeyed param 1.Method \(retried=false\)`
	req, err := http.NewRequestWithContext(ctx, opt.Method, "https://search.example.com"+opt.Path, bytes.NewReader(opt.Body))
	if err != nil {
		return nil, err
	}
	return c.c.Do(req)
}

// perform passes the options on.
func (c *Client) perform(ctx context.Context, opt *RequestOptions) (*http.Response, error) { // want perform:`sends unkeyed param 1.Method \(retried=false\)`
	return c.Perform(ctx, *opt)
}

func (c *Client) Bulk(ctx context.Context, body []byte) error { // want Bulk:`sends unkeyed POST \(retried=false\)`
	resp, err := c.Perform(ctx, RequestOptions{Method: "POST", Path: "/_bulk", Body: body})
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (c *Client) Index(ctx context.Context, body []byte) error { // want Index:`sends unkeyed POST \(retried=false\)`
	opt := &RequestOptions{Method: http.MethodPost, Path: "/docs", Body: body}
	resp, err := c.perform(ctx, opt)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (c *Client) Get(ctx context.Context, id string) error {
	resp, err := c.Perform(ctx, RequestOptions{Method: "GET", Path: "/docs/" + id})
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Health leaves Method unset: GET.
func (c *Client) Health(ctx context.Context) error {
	resp, err := c.Perform(ctx, RequestOptions{Path: "/_health"})
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func Commit(ctx context.Context, c *Client, body []byte) error { // want Commit:`sends unkeyed POST \(retried=true\)`
	var err error
	for i := 0; i < 5; i++ {
		if err = c.Bulk(ctx, body); err == nil { // want `POST request is retried without an Idempotency-Key header by this retry loop`
			return nil
		}
		if err = c.Index(ctx, body); err == nil { // want `POST request is retried without an Idempotency-Key header by this retry loop`
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func Probe(ctx context.Context, c *Client, id string) error {
	var err error
	for i := 0; i < 5; i++ {
		if err = c.Get(ctx, id); err == nil {
			return nil
		}
		if err = c.Health(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
