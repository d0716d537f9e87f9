// Package rokoapi retries API calls with buildkite/roko, through a client
// whose responses wrap *http.Response (type Response struct{
// *http.Response }, as API clients do). An operation that calls r.Break()
// before returning the error of a status its predicate does not retry
// ends the retries there; one that returns every error retries the 4xx
// too.
package rokoapi

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/buildkite/roko"
)

type Client struct{ hc *http.Client }

func (c *Client) get(ctx context.Context, url string) (*Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	hr, err := c.hc.Do(req)
	if err != nil {
		return nil, err
	}
	resp := &Response{hr}
	if hr.StatusCode < 200 || hr.StatusCode > 299 {
		hr.Body.Close()
		return resp, fmt.Errorf("status %d", hr.StatusCode)
	}
	return resp, nil
}

type Response struct{ *http.Response }

func retryable(r *Response) bool {
	switch {
	case r.StatusCode == http.StatusTooManyRequests:
		return true
	case r.StatusCode >= 500:
		return true
	default:
		return false
	}
}

// FetchBreaking stops on a client error: only 429, 5xx and transport
// errors go round, and a 429 or 503 waits roko's constant 5s whatever
// Retry-After the server sent.
func (c *Client) FetchBreaking(ctx context.Context, url string) (*Response, error) {
	r := roko.NewRetrier(roko.WithMaxAttempts(3), roko.WithStrategy(roko.Constant(5*time.Second)), roko.WithJitter())
	return roko.DoFunc(ctx, r, func(r *roko.Retrier) (*Response, error) { // want `retry on 429 or 503 waits the retry helper's own backoff and ignores the Retry-After header`
		resp, err := c.get(ctx, url)
		if err == nil {
			return resp, nil
		}
		if resp != nil && !retryable(resp) {
			r.Break()
			return resp, err
		}
		return resp, err
	})
}

// FetchAll returns every error to the retrier: a 404 is asked again.
func (c *Client) FetchAll(ctx context.Context, url string) (*Response, error) {
	r := roko.NewRetrier(roko.WithMaxAttempts(3), roko.WithStrategy(roko.Constant(5*time.Second)), roko.WithJitter())
	return roko.DoFunc(ctx, r, func(r *roko.Retrier) (*Response, error) {
		return c.get(ctx, url) // want `retry on any non-success status also retries 4xx responses`
	})
}
