// Package keyedclient sends every create with an idempotency key made once
// per call, so the retrying client it is given resends the same key.
package keyedclient

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/http"
)

type Client struct {
	hc   *http.Client
	base string
}

func New(hc *http.Client, base string) *Client {
	c := &Client{base: base}
	c.hc = hc
	return c
}

func newKey() string {
	b := make([]byte, 16)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// CreateRecord POSTs with a key that every resend carries.
func (c *Client) CreateRecord(ctx context.Context, zone string, body []byte) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+"/zones/"+zone+"/records", bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", newKey())
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
