// Package rangefailover sends a charge to the first replica that answers:
// a POST that timed out on one replica, which may have processed it, is
// sent again to the next (RULES.md, "Vocabulary": failover is a retry
// for this analyzer). A GET fails over safely, and so does a POST that
// carries its key.
package rangefailover

import (
	"bytes"
	"context"
	"io"
	"net/http"
)

type Client struct {
	hc       *http.Client
	replicas []string
}

func (c *Client) Charge(ctx context.Context, body []byte) error { // want Charge:`sends unkeyed POST \(retried=true\)`
	var err error
	for _, r := range c.replicas {
		var req *http.Request
		if req, err = http.NewRequestWithContext(ctx, http.MethodPost, r+"/charges", bytes.NewReader(body)); err != nil {
			return err
		}
		var resp *http.Response
		if resp, err = c.hc.Do(req); err != nil { // want `POST request is retried without an Idempotency-Key header`
			continue
		}
		resp.Body.Close()
		return nil
	}
	return err
}

func (c *Client) ChargeKeyed(ctx context.Context, key string, body []byte) error { // want ChargeKeyed:`sends POST keyed by param 1`
	var err error
	for _, r := range c.replicas {
		var req *http.Request
		if req, err = http.NewRequestWithContext(ctx, http.MethodPost, r+"/charges", bytes.NewReader(body)); err != nil {
			return err
		}
		req.Header.Set("Idempotency-Key", key)
		var resp *http.Response
		if resp, err = c.hc.Do(req); err != nil {
			continue
		}
		resp.Body.Close()
		return nil
	}
	return err
}

func (c *Client) Balance(ctx context.Context) error {
	var err error
	for _, r := range c.replicas {
		var resp *http.Response
		if resp, err = c.hc.Get(r + "/balance"); err != nil {
			continue
		}
		resp.Body.Close()
		return nil
	}
	return err
}

// The POST is made by a method of the package each round calls with the
// next replica.
func (c *Client) ChargeVia(ctx context.Context, body []byte) ([]byte, error) { // want ChargeVia:`sends unkeyed POST \(retried=true\)`
	for _, r := range c.replicas {
		b, err := c.chargeAt(ctx, r, body) // want `POST request is retried without an Idempotency-Key header`
		if err == nil {
			return b, nil
		}
	}
	return nil, nil
}

func (c *Client) chargeAt(ctx context.Context, replica string, body []byte) ([]byte, error) { // want chargeAt:`sends unkeyed POST \(retried=false\)`
	req, err := http.NewRequestWithContext(ctx, "POST", replica+"/charges", bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	return io.ReadAll(resp.Body)
}

// A GET through a method of the package fails over safely.
func (c *Client) BalanceVia(ctx context.Context) ([]byte, error) {
	for _, r := range c.replicas {
		b, err := c.balanceAt(r)
		if err == nil {
			return b, nil
		}
	}
	return nil, nil
}

func (c *Client) balanceAt(replica string) ([]byte, error) {
	resp, err := c.hc.Get(replica + "/balance")
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	return io.ReadAll(resp.Body)
}
