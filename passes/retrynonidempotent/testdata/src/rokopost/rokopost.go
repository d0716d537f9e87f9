// Package rokopost sends a POST from a buildkite/roko retry: without a key
// a lost response sends it again.
package rokopost

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/buildkite/roko"
)

type Client struct{ hc *http.Client }

func (c *Client) post(ctx context.Context, url string, body []byte) (*http.Response, error) { // want post:`sends unkeyed POST \(retried=false\)`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	return c.hc.Do(req)
}

// Register is retried three times.
func (c *Client) Register(ctx context.Context, body []byte) (*http.Response, error) { // want Register:`sends unkeyed POST \(retried=true\)`
	r := roko.NewRetrier(roko.WithMaxAttempts(3), roko.WithStrategy(roko.Constant(time.Second)), roko.WithJitter())
	return roko.DoFunc(ctx, r, func(r *roko.Retrier) (*http.Response, error) {
		return c.post(ctx, "https://api.example.com/register", body) // want `POST request is retried without an Idempotency-Key header`
	})
}

var errRateLimited = errors.New("rate limited")

// Charge tells the retrier to stop on every failure but a 429, which the
// server did not process: the POST is not sent twice.
func (c *Client) Charge(ctx context.Context, body []byte) (*http.Response, error) { // want Charge:`sends unkeyed POST \(retried=false\)`
	r := roko.NewRetrier(roko.WithMaxAttempts(3), roko.WithStrategy(roko.Constant(time.Second)), roko.WithJitter())
	return roko.DoFunc(ctx, r, func(r *roko.Retrier) (*http.Response, error) {
		resp, err := c.post(ctx, "https://api.example.com/charge", body)
		if err != nil {
			r.Break()
			return nil, err
		}
		if resp.StatusCode == http.StatusTooManyRequests {
			resp.Body.Close()
			return nil, errRateLimited
		}
		return resp, nil
	})
}
