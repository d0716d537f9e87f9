// Package checkoption: an SDK whose client retries every 5xx by default
// and offers an option to replace the retry check. The option is the
// caller's choice; the default is what every POST gets.
package checkoption

import (
	"context"
	"net/http"

	retryablehttp "github.com/hashicorp/go-retryablehttp"
)

type Client struct {
	client *retryablehttp.Client
	safe   *retryablehttp.Client
}

type Option func(*Client)

// WithCustomRetry lets the caller decide what is retried.
func WithCustomRetry(check retryablehttp.CheckRetry) Option {
	return func(c *Client) { c.client.CheckRetry = check }
}

func New(opts ...Option) *Client {
	c := &Client{}
	c.client = &retryablehttp.Client{CheckRetry: c.check, RetryMax: 5}
	c.safe = &retryablehttp.Client{CheckRetry: c.check, RetryMax: 5}
	// The program itself replaces the check of the safe client with one
	// that retries nothing.
	c.safe.CheckRetry = func(context.Context, *http.Response, error) (bool, error) { return false, nil }
	for _, o := range opts {
		o(c)
	}
	return c
}

func (c *Client) check(ctx context.Context, resp *http.Response, err error) (bool, error) {
	if err != nil {
		return false, err
	}
	return resp.StatusCode == 429 || resp.StatusCode >= 500, nil
}

func (c *Client) CreateIssue(ctx context.Context) error { // want CreateIssue:`sends unkeyed POST \(retried=true\)`
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodPost, "https://api.example.com/issues", nil)
	if err != nil {
		return err
	}
	resp, err := c.client.Do(req) // want `POST request is retried without an Idempotency-Key header`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (c *Client) CreateNote(ctx context.Context) error { // want CreateNote:`sends unkeyed POST \(retried=false\)`
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodPost, "https://api.example.com/notes", nil)
	if err != nil {
		return err
	}
	resp, err := c.safe.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
