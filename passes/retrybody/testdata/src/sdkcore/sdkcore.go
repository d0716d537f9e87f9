// Package sdkcore sends requests with the retries a generated API client
// keeps in its core: the response it will not return is closed before the
// next attempt, behind a resp != nil && resp.Body != nil guard (a
// transport error leaves no response; a response always has a Body).
package sdkcore

import (
	"context"
	"math/rand"
	"net/http"
	"time"
)

type Core struct {
	hc         *http.Client
	maxRetries int
}

func retryable(res *http.Response) bool {
	return res == nil || res.StatusCode == http.StatusTooManyRequests || res.StatusCode >= 500
}

func wait(ctx context.Context, attempt int) error {
	d := min(250*time.Millisecond<<attempt, 5*time.Second)
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(d/2 + time.Duration(rand.Int63n(int64(d/2)))):
		return nil
	}
}

// Get closes what it will not return: nothing leaks.
func (c *Core) Get(ctx context.Context, url string) (*http.Response, error) {
	var res *http.Response
	var err error
	for attempt := 0; attempt <= c.maxRetries; attempt++ {
		req, rerr := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if rerr != nil {
			return nil, rerr
		}
		res, err = c.hc.Do(req)
		if !retryable(res) || attempt == c.maxRetries {
			break
		}
		if res != nil && res.Body != nil {
			res.Body.Close()
		}
		if err := wait(ctx, attempt); err != nil {
			return nil, err
		}
	}
	return res, err
}

// Head closes the body only of a 429: a 5xx goes round with it open.
func (c *Core) Head(ctx context.Context, url string) (*http.Response, error) {
	var res *http.Response
	var err error
	for attempt := 0; attempt <= c.maxRetries; attempt++ {
		req, rerr := http.NewRequestWithContext(ctx, http.MethodHead, url, nil)
		if rerr != nil {
			return nil, rerr
		}
		res, err = c.hc.Do(req) // want `response body is not closed when the attempt fails on its status`
		if !retryable(res) || attempt == c.maxRetries {
			break
		}
		if res != nil && res.Body != nil && res.StatusCode == http.StatusTooManyRequests {
			res.Body.Close()
		}
		if err := wait(ctx, attempt); err != nil {
			return nil, err
		}
	}
	return res, err
}
