// Package locallit sends its pages through a function literal the helper
// keeps in a local and calls: the literal's request is the helper's, and
// the method its caller gives reaches the retrying send. A literal handed
// on (started in a goroutine, returned) runs when someone else decides.
package locallit

import (
	"context"
	"errors"
	"math/rand/v2"
	"net/http"
	"time"
)

type Client struct{ hc *http.Client }

// do sends method to path, retrying 5xx answers and transport errors.
func (c *Client) do(ctx context.Context, method, path string) error { // want do:`sends unkeyed param 1 \(retried=true\)`
	var err error
	for range 3 {
		var req *http.Request
		if req, err = http.NewRequestWithContext(ctx, method, "https://api.example.com"+path, nil); err != nil {
			return err
		}
		var resp *http.Response
		if resp, err = c.hc.Do(req); err == nil {
			resp.Body.Close()
			if resp.StatusCode < 500 {
				return nil
			}
			err = errors.New(resp.Status)
		}
		time.Sleep(time.Second/2 + rand.N(time.Second/2))
	}
	return err
}

// pages sends each page through a local literal.
func (c *Client) pages(ctx context.Context, method, path string, n int) error { // want pages:`sends unkeyed param 1 \(retried=true\)`
	page := func(i int) error {
		return c.do(ctx, method, path)
	}
	for i := range n {
		if err := page(i); err != nil {
			return err
		}
	}
	return nil
}

func (c *Client) PostPages(ctx context.Context, n int) error { // want PostPages:`sends unkeyed POST \(retried=true\)`
	return c.pages(ctx, http.MethodPost, "/batch", n) // want `POST request is sent through pages, which retries it without an Idempotency-Key header`
}

// later hands its literal back: the caller runs it, or not.
func (c *Client) later(ctx context.Context, method, path string) func() error {
	send := func() error { return c.do(ctx, method, path) }
	return send
}

func (c *Client) PostLater(ctx context.Context) func() error {
	return c.later(ctx, http.MethodPost, "/later")
}

// background starts its literal in a goroutine.
func (c *Client) background(ctx context.Context, method, path string) {
	send := func() { _ = c.do(ctx, method, path) }
	go send()
}

func (c *Client) PostInBackground(ctx context.Context) {
	c.background(ctx, http.MethodPost, "/bg")
}
