// Package pay calls a payment API; the cache tests change it to check
// that its dependents are analyzed again and nothing else is.
package pay

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"time"
)

// Charge retries a POST without an idempotency key, with a fixed delay.
func Charge(ctx context.Context, c *http.Client, payload []byte) error {
	for attempt := 0; attempt < 3; attempt++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://pay.example.com/charges", bytes.NewReader(payload))
		if err != nil {
			return err
		}
		resp, err := c.Do(req)
		if err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return errors.New("charge failed")
}

// Refund is silenced by a directive.
func Refund(ctx context.Context, c *http.Client) error {
	for attempt := 0; attempt < 3; attempt++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, "https://pay.example.com/refunds", nil)
		if err != nil {
			return err
		}
		resp, err := c.Do(req)
		if err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second) //idemlint:ignore nojitter the payment API asks for a fixed pace
	}
	return errors.New("refund failed")
}

//idemlint:ignore unboundedretry this silences nothing
