// Package warehouse books stock through the shared retry.
package warehouse

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"

	"fulfil/sendretry"
)

type Client struct {
	hc   *http.Client
	tr   *sendretry.Transport
	base string
}

type Reservation struct {
	SKU string
	Qty int
}

// Reserve builds its request once, with a body, and hands it to a retry
// of another package: the second attempt sends it empty.
func (c *Client) Reserve(ctx context.Context, r Reservation) error {
	b, err := json.Marshal(r)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, c.base+"/reservations/"+r.SKU, bytes.NewReader(b))
	if err != nil {
		return err
	}
	resp, err := sendretry.Do(c.hc, req) // want `request body is read to the end by the first attempt of the retry in sendretry.Do`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Release goes through a method that hands the request on to the retry.
func (c *Client) Release(ctx context.Context, r Reservation) error {
	b, err := json.Marshal(r)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodDelete, c.base+"/reservations/"+r.SKU, bytes.NewReader(b))
	if err != nil {
		return err
	}
	resp, err := c.tr.Send(req) // want `request body is read to the end by the first attempt of the retry in sendretry.Do`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Stock has no body to drain.
func (c *Client) Stock(ctx context.Context, sku string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.base+"/stock/"+sku, nil)
	if err != nil {
		return err
	}
	resp, err := sendretry.Do(c.hc, req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Adjust uses the retry that rewinds the body from GetBody.
func (c *Client) Adjust(ctx context.Context, r Reservation) error {
	b, err := json.Marshal(r)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPatch, c.base+"/stock/"+r.SKU, bytes.NewReader(b))
	if err != nil {
		return err
	}
	resp, err := sendretry.Rewinding(c.hc, req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
