package billing

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"time"
)

// errThrottled is what a throttled call gives up with.
var errThrottled = errors.New("billing: still throttled")

// Invoice posts an invoice and goes round only while the server answers
// 429, which it did not process: every other answer leaves the loop.
func (c *Client) Invoice(ctx context.Context, doc []byte) error { // want Invoice:`sends unkeyed POST \(retried=false\)`
	for attempt := 0; attempt < 5; attempt++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+"/invoices", bytes.NewReader(doc))
		if err != nil {
			return err
		}
		resp, err := c.hc.Do(req)
		if err != nil {
			return err
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusTooManyRequests {
			return nil
		}
		time.Sleep(time.Duration(attempt+1) * time.Second)
	}
	return errThrottled
}

// Rebate goes round on a 429 and on a 503 too: the 503 may come after the
// server did the work, so the retry can pay the rebate twice.
func (c *Client) Rebate(ctx context.Context, doc []byte) error { // want Rebate:`sends unkeyed POST \(retried=true\)`
	for attempt := 0; attempt < 5; attempt++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+"/rebates", bytes.NewReader(doc))
		if err != nil {
			return err
		}
		resp, err := c.hc.Do(req) // want `POST request is retried without an Idempotency-Key header`
		if err != nil {
			return err
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusTooManyRequests && resp.StatusCode != http.StatusServiceUnavailable {
			return nil
		}
		time.Sleep(time.Duration(attempt+1) * time.Second)
	}
	return errThrottled
}
