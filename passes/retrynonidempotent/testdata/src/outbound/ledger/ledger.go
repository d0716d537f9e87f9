// Package ledger posts entries to a ledger service through the clients of
// package httpx.
package ledger

import (
	"bytes"
	"context"
	"net/http"

	"outbound/httpx"
	"outbound/plainhttp"
)

type Client struct {
	hc     *http.Client
	once   *http.Client
	logged *http.Client
	base   string
}

func New(base string) *Client {
	return &Client{
		hc:     httpx.NewRetrying(),
		once:   httpx.NewOneShot(),
		logged: &http.Client{Transport: &httpx.Logging{Next: http.DefaultTransport}},
		base:   base,
	}
}

// Append posts through the retrying client without a key: each retry of
// a post that reached the ledger books the entry again.
func (c *Client) Append(ctx context.Context, body []byte) error { // want Append:`sends unkeyed POST \(retried=true\)`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+"/entries", bytes.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := c.hc.Do(req) // want `POST request is retried without an Idempotency-Key header`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// AppendDefault posts through the program's default client.
func AppendDefault(ctx context.Context, url string, body []byte) error { // want AppendDefault:`sends unkeyed POST \(retried=true\)`
	resp, err := httpx.Default.Post(url, "application/json", bytes.NewReader(body)) // want `POST request is retried without an Idempotency-Key header`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// AppendRedo posts through a client whose transport retries.
func AppendRedo(ctx context.Context, url string, body []byte) error { // want AppendRedo:`sends unkeyed POST \(retried=true\)`
	hc := &http.Client{Transport: &httpx.Redo{Next: http.DefaultTransport, Tries: 3}}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := hc.Do(req) // want `POST request is retried without an Idempotency-Key header`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// AppendOnce sends once: the client's retries are off.
func (c *Client) AppendOnce(ctx context.Context, body []byte) error { // want AppendOnce:`sends unkeyed POST \(retried=false\)`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+"/entries", bytes.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := c.once.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// AppendLogged sends once through a logging transport.
func (c *Client) AppendLogged(ctx context.Context, body []byte) error { // want AppendLogged:`sends unkeyed POST \(retried=false\)`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+"/entries", bytes.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := c.logged.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// AppendKeyed retries with one key for every attempt.
func (c *Client) AppendKeyed(ctx context.Context, key string, body []byte) error { // want AppendKeyed:`sends POST keyed by param 1`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+"/entries", bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", key)
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// AppendConfigured posts through a client whose retry count comes from
// the caller: it may be zero, so it is not judged.
func AppendConfigured(ctx context.Context, url string, retries int, body []byte) error { // want AppendConfigured:`sends unkeyed POST \(retried=false\)`
	hc := httpx.NewConfigured(retries)
	resp, err := hc.Post(url, "application/json", bytes.NewReader(body))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// AppendPlain posts once through a client with no retries.
func AppendPlain(ctx context.Context, url string, body []byte) error { // want AppendPlain:`sends unkeyed POST \(retried=false\)`
	resp, err := plainhttp.Client.Post(url, "application/json", bytes.NewReader(body))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
