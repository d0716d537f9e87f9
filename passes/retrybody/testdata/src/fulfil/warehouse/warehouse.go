// Package warehouse books stock through the shared retry.
package warehouse

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"k8s.io/apimachinery/pkg/util/wait"

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

// WaitPacked polls the packing job: a 202 goes round for another poll
// with the response body open, one connection lost per poll.
func (c *Client) WaitPacked(ctx context.Context, job string) error {
	return wait.PollUntilContextTimeout(ctx, time.Second, time.Minute, true, func(ctx context.Context) (bool, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.base+"/packing/"+job, nil)
		if err != nil {
			return false, err
		}
		resp, err := c.hc.Do(req) // want `response body is not closed`
		if err != nil {
			return false, err
		}
		if resp.StatusCode == http.StatusAccepted {
			return false, nil
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			return false, fmt.Errorf("packing %s: %s", job, resp.Status)
		}
		return true, nil
	})
}

// WaitShipped closes the body before it polls again.
func (c *Client) WaitShipped(ctx context.Context, job string) error {
	return wait.PollUntilContextTimeout(ctx, time.Second, time.Minute, true, func(ctx context.Context) (bool, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.base+"/shipping/"+job, nil)
		if err != nil {
			return false, err
		}
		resp, err := c.hc.Do(req)
		if err != nil {
			return false, err
		}
		resp.Body.Close()
		if resp.StatusCode == http.StatusAccepted {
			return false, nil
		}
		if resp.StatusCode != http.StatusOK {
			return false, fmt.Errorf("shipping %s: %s", job, resp.Status)
		}
		return true, nil
	})
}
