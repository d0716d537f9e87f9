// Package httpx retries HTTP requests in the ways idemlint reports, and in
// the ways it must leave alone.
package httpx

import (
	"bytes"
	"context"
	"net/http"
	"time"

	retrygo "github.com/avast/retry-go/v4"
	backoff "github.com/cenkalti/backoff/v4"
	"github.com/google/uuid"
	"github.com/hashicorp/go-retryablehttp"

	"example.com/e2e/client"
)

func PostLoop(c *http.Client, payload []byte) error {
	var err error
	for i := 0; i < 3; i++ {
		var resp *http.Response
		resp, err = c.Post("http://example.com/pay", "application/json", bytes.NewReader(payload))
		if err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Duration(i) * time.Second)
	}
	return err
}

func CreateWithBackoff(ctx context.Context, c *client.Client) error {
	return backoff.Retry(func() error {
		return c.CreateOrder(ctx, nil)
	}, backoff.NewExponentialBackOff())
}

func KeyPerAttempt(c *http.Client) error {
	return retrygo.Do(func() error {
		req, err := http.NewRequest(http.MethodPost, "http://example.com/pay", nil)
		if err != nil {
			return err
		}
		req.Header.Set("Idempotency-Key", uuid.NewString())
		resp, err := c.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}, retrygo.Attempts(3))
}

func Retryable() error {
	c := retryablehttp.NewClient()
	resp, err := c.Post("http://example.com/pay", "application/json", []byte("{}"))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// KeyedOnce is safe: one key per operation, sent on every attempt.
func KeyedOnce(ctx context.Context, c *http.Client) error {
	key := uuid.NewString()
	return backoff.Retry(func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "http://example.com/pay", nil)
		if err != nil {
			return err
		}
		req.Header.Set("Idempotency-Key", key)
		resp, err := c.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}, backoff.WithContext(backoff.NewExponentialBackOff(), ctx))
}

// GetRetried is safe: GET is idempotent.
func GetRetried(ctx context.Context, c *client.Client) error {
	return retrygo.Do(func() error { return c.Get(ctx, "/orders") })
}

func AnyNon200(c *http.Client) (*http.Response, error) {
	var err error
	for attempt := 0; attempt < 4; attempt++ {
		var resp *http.Response
		resp, err = c.Get("http://example.com/orders")
		if err == nil && resp.StatusCode == http.StatusOK {
			return resp, nil
		}
		time.Sleep(time.Second)
	}
	return nil, err
}

// Upload sends the same request, whose body the first attempt drains.
func Upload(c *http.Client, payload []byte) error {
	req, err := http.NewRequest(http.MethodPut, "http://example.com/blob", bytes.NewReader(payload))
	if err != nil {
		return err
	}
	for i := 0; i < 3; i++ {
		resp, err := c.Do(req)
		if err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Duration(100+i*50) * time.Millisecond)
	}
	return err
}

// Throttled retries 429 without reading Retry-After.
func Throttled(c *http.Client) (*http.Response, error) {
	for i := 0; i < 5; i++ {
		resp, err := c.Get("http://example.com/quota")
		if err != nil {
			return nil, err
		}
		if resp.StatusCode == http.StatusTooManyRequests {
			resp.Body.Close()
			time.Sleep(time.Second)
			continue
		}
		return resp, nil
	}
	return nil, nil
}
