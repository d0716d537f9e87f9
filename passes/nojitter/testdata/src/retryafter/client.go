// Package retryafter is an API client that honours the server's // want package:`waits Client.Export Client.Get Client.List Client.Patch Client.Poll Client.Put Client.Search Client.Upload Client.Watch`
// Retry-After and falls back to a delay of its own when there is none.
package retryafter

import (
	"context"
	"math/rand/v2"
	"net/http"
	"strconv"
	"time"

	"retryafter/httputil"
)

type Client struct {
	hc      *http.Client
	minWait time.Duration
	base    time.Duration
}

func New(hc *http.Client) *Client {
	return &Client{hc: hc, minWait: 2 * time.Second, base: 100 * time.Millisecond}
}

func retryable(resp *http.Response, err error) bool {
	return err != nil || resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500
}

func jitter(d time.Duration) time.Duration { // want jitter:`delay\(random=true capped=false grows=false\)`
	return d/2 + rand.N(d/2)
}

// retryAfterOr reads the header here, falling back to def.
func retryAfterOr(resp *http.Response, def time.Duration) time.Duration { // want retryAfterOr:`delay\(random=false capped=false grows=false\) or the server.s Retry-After`
	if v := resp.Header.Get("Retry-After"); v != "" {
		if secs, err := strconv.Atoi(v); err == nil {
			return time.Duration(secs) * time.Second
		}
	}
	return def
}

// Get waits the server's delay, or its own constant minimum without
// jitter when the server gives none.
func (c *Client) Get(ctx context.Context, req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 5; attempt++ {
		resp, err := c.hc.Do(req.WithContext(ctx))
		if !retryable(resp, err) {
			return resp, err
		}
		wait := c.minWait
		if ra := httputil.RetryAfter(resp); ra > 0 {
			wait = ra
		}
		time.Sleep(wait) // want `retry delay has no jitter`
	}
	return nil, context.DeadlineExceeded
}

// List falls back inside a helper of the package.
func (c *Client) List(ctx context.Context, req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 5; attempt++ {
		resp, err := c.hc.Do(req.WithContext(ctx))
		if err == nil && resp.StatusCode != http.StatusTooManyRequests {
			return resp, nil
		}
		if err != nil {
			continue
		}
		time.Sleep(retryAfterOr(resp, 3*time.Second)) // want `retry delay has no jitter`
	}
	return nil, context.DeadlineExceeded
}

// Search falls back inside a helper of another package.
func (c *Client) Search(ctx context.Context, req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 5; attempt++ {
		resp, err := c.hc.Do(req.WithContext(ctx))
		if !retryable(resp, err) {
			return resp, err
		}
		time.Sleep(httputil.RetryAfterOr(resp, c.minWait)) // want `retry delay has no jitter`
	}
	return nil, context.DeadlineExceeded
}

// Export doubles its fallback without a cap.
func (c *Client) Export(ctx context.Context, req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 5; attempt++ {
		resp, err := c.hc.Do(req.WithContext(ctx))
		if !retryable(resp, err) {
			return resp, err
		}
		wait := c.base << attempt
		if ra := httputil.RetryAfter(resp); ra > 0 {
			wait = ra
		}
		time.Sleep(wait) // want `retry delay has no jitter`
	}
	return nil, context.DeadlineExceeded
}

// Upload parses the header inline.
func (c *Client) Upload(ctx context.Context, req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 5; attempt++ {
		resp, err := c.hc.Do(req.WithContext(ctx))
		if !retryable(resp, err) {
			return resp, err
		}
		wait := time.Second
		if resp != nil {
			if n, err := strconv.Atoi(resp.Header.Get("Retry-After")); err == nil {
				wait = time.Duration(n) * time.Second
			}
		}
		time.Sleep(wait) // want `retry delay has no jitter`
	}
	return nil, context.DeadlineExceeded
}

// Poll waits only what the server asks for: fine.
func (c *Client) Poll(ctx context.Context, req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 5; attempt++ {
		resp, err := c.hc.Do(req.WithContext(ctx))
		if err != nil {
			return nil, err
		}
		if resp.StatusCode != http.StatusTooManyRequests {
			return resp, nil
		}
		time.Sleep(httputil.RetryAfter(resp))
	}
	return nil, context.DeadlineExceeded
}

// Watch waits until the date the server gives: fine.
func (c *Client) Watch(ctx context.Context, req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 5; attempt++ {
		resp, err := c.hc.Do(req.WithContext(ctx))
		if err != nil {
			return nil, err
		}
		if resp.StatusCode != http.StatusServiceUnavailable {
			return resp, nil
		}
		at, err := http.ParseTime(resp.Header.Get("Retry-After"))
		if err != nil {
			return resp, nil
		}
		time.Sleep(time.Until(at))
	}
	return nil, context.DeadlineExceeded
}

// Put falls back to a jittered delay: fine.
func (c *Client) Put(ctx context.Context, req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 5; attempt++ {
		resp, err := c.hc.Do(req.WithContext(ctx))
		if !retryable(resp, err) {
			return resp, err
		}
		wait := jitter(c.minWait)
		if ra := httputil.RetryAfter(resp); ra > 0 {
			wait = ra
		}
		time.Sleep(wait)
	}
	return nil, context.DeadlineExceeded
}

// Patch falls back to capped, jittered exponential backoff: fine.
func (c *Client) Patch(ctx context.Context, req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 5; attempt++ {
		resp, err := c.hc.Do(req.WithContext(ctx))
		if !retryable(resp, err) {
			return resp, err
		}
		wait := jitter(min(c.base<<attempt, 30*time.Second))
		if ra := httputil.RetryAfter(resp); ra > 0 {
			wait = ra
		}
		time.Sleep(wait)
	}
	return nil, context.DeadlineExceeded
}
