// Package forgeapi is an API client in the shape of a code-forge SDK: a
// go-retryablehttp client whose retry decision is a method of the client
// (rate limits and server errors, for every request), a request builder
// that takes the method, and a Do that sends through the retrying client.
package forgeapi

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

type Client struct {
	rc      *retryablehttp.Client
	base    string
	noRetry bool

	Issues *IssuesService
}

func NewClient(base string) *Client {
	c := &Client{base: base}
	c.rc = &retryablehttp.Client{
		CheckRetry:   c.checkRetry,
		Backoff:      retryablehttp.LinearJitterBackoff,
		HTTPClient:   http.DefaultClient,
		RetryWaitMin: 100 * time.Millisecond,
		RetryWaitMax: 400 * time.Millisecond,
		RetryMax:     5,
	}
	c.Issues = &IssuesService{client: c}
	return c
}

func (c *Client) checkRetry(ctx context.Context, resp *http.Response, err error) (bool, error) {
	if ctx.Err() != nil {
		return false, ctx.Err()
	}
	if err != nil {
		return false, err
	}
	if !c.noRetry && (resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500) {
		return true, nil
	}
	return false, nil
}

func (c *Client) NewRequest(method, path string, opt any) (*retryablehttp.Request, error) { // want NewRequest:`builds param 0 request \(keyed=false fresh=false\)`
	var body []byte
	if opt != nil {
		b, err := json.Marshal(opt)
		if err != nil {
			return nil, err
		}
		body = b
	}
	req, err := retryablehttp.NewRequest(method, c.base+path, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	return req, nil
}

func (c *Client) Do(req *retryablehttp.Request, v any) (*http.Response, error) { // want Do:`sends request param 0 \(keyed=false retried=true\)`
	resp, err := c.rc.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if v != nil {
		return resp, json.NewDecoder(resp.Body).Decode(v)
	}
	return resp, nil
}
