// Package sdkopts is an API client that installs a retrying client when
// asked to, sends through a helper taking the client as a parameter, and
// copies headers its user configures into every request.
package sdkopts

import (
	"bytes"
	"context"
	"net/http"

	"github.com/hashicorp/go-retryablehttp"
)

type Client struct {
	HTTPClient *http.Client
	headers    map[string]string
	RetryMax   int
}

// ClientOpt configures a Client when it is built.
type ClientOpt func(*Client) error

// SetRequestHeaders adds headers to every request of the client: one
// value for every operation, so no idempotency key.
func SetRequestHeaders(h map[string]string) ClientOpt {
	return func(c *Client) error {
		for k, v := range h {
			c.headers[k] = v
		}
		return nil
	}
}

func New(hc *http.Client, opts ...ClientOpt) (*Client, error) {
	c := &Client{HTTPClient: hc, headers: map[string]string{}}
	for _, opt := range opts {
		if err := opt(c); err != nil {
			return nil, err
		}
	}
	if c.RetryMax > 0 {
		rc := retryablehttp.NewClient()
		rc.RetryMax = c.RetryMax
		c.HTTPClient = rc.StandardClient()
	}
	return c, nil
}

// DoRequestWithClient sends req through the client it is given.
func DoRequestWithClient(ctx context.Context, client *http.Client, req *http.Request) (*http.Response, error) { // want DoRequestWithClient:"sends request param 2 \\(keyed=false retried=false\\)"
	return client.Do(req.WithContext(ctx))
}

func (c *Client) newRequest(method, url string, body []byte) (*http.Request, error) { // want newRequest:"builds param 0 request \\(keyed=false fresh=false\\)"
	req, err := http.NewRequest(method, url, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	for k, v := range c.headers {
		req.Header.Add(k, v)
	}
	return req, nil
}

func (c *Client) do(ctx context.Context, req *http.Request) error { // want do:"sends request param 1 \\(keyed=false retried=true\\)"
	resp, err := DoRequestWithClient(ctx, c.HTTPClient, req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// CreateDroplet posts through the retrying client: a lost response makes
// it create a second droplet.
func (c *Client) CreateDroplet(ctx context.Context, body []byte) error { // want CreateDroplet:"sends unkeyed POST \\(retried=true\\)"
	req, err := c.newRequest(http.MethodPost, "https://api.example.com/v2/droplets", body)
	if err != nil {
		return err
	}
	return c.do(ctx, req) // want `POST request is sent through do, which retries it without an Idempotency-Key header`
}

// Delete is idempotent.
func (c *Client) Delete(ctx context.Context, id string) error {
	req, err := c.newRequest(http.MethodDelete, "https://api.example.com/v2/droplets/"+id, nil)
	if err != nil {
		return err
	}
	return c.do(ctx, req)
}

// Plain sends through a client that was never a retrying one.
type Plain struct {
	hc      *http.Client
	headers map[string]string
}

func (p *Plain) Create(ctx context.Context, body []byte) error { // want Create:"sends unkeyed POST \\(retried=false\\)"
	req, err := http.NewRequest(http.MethodPost, "https://api.example.com/v2/apps", bytes.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := DoRequestWithClient(ctx, p.hc, req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// callOpts are the options of a single call: a key given here is one
// per operation.
type callOpts struct {
	headers map[string]string
}

type CallOpt func(*callOpts)

// WithHeader sets a header on one call, such as its Idempotency-Key.
func WithHeader(k, v string) CallOpt {
	return func(o *callOpts) { o.headers[k] = v }
}

// Charge may carry the caller's key: its header names come from the call.
func (c *Client) Charge(ctx context.Context, body []byte, opts ...CallOpt) error {
	o := &callOpts{headers: map[string]string{}}
	for _, opt := range opts {
		opt(o)
	}
	req, err := http.NewRequest(http.MethodPost, "https://api.example.com/v2/charges", bytes.NewReader(body))
	if err != nil {
		return err
	}
	for k, v := range o.headers {
		req.Header.Set(k, v)
	}
	return c.do(ctx, req)
}
