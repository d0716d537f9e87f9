// Package statusset retries the server errors and the codes its caller
// configures, which the code does not show: a test of the status against
// them beside a test of the server errors lists more failures, so a 503
// goes round, and the wait before it ignores Retry-After. The last
// round's response, drained at the top of the next, is not this round's
// answer.
package statusset

import (
	"context"
	"io"
	"net/http"
	"slices"
	"strconv"
	"time"
)

type Client struct {
	hc        *http.Client
	attempts  int
	retryable []int
	okCodes   map[int]bool
}

func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

func (c *Client) Get(ctx context.Context, url string) (*http.Response, error) {
	var response *http.Response
	var err error
	for i := 0; i <= c.attempts; i++ {
		if response != nil {
			_, _ = io.Copy(io.Discard, response.Body)
			response.Body.Close()
		}
		if i > 0 {
			if err := sleep(ctx, time.Duration(i)*time.Second); err != nil { // want `retry on 429 or 503 ignores the Retry-After header`
				return nil, err
			}
		}
		response, err = c.hc.Get(url)
		if err != nil {
			continue
		}
		if _, ok := slices.BinarySearch(c.retryable, response.StatusCode); ok ||
			response.StatusCode >= http.StatusInternalServerError {
			continue
		}
		break
	}
	return response, err
}

// GetAfter waits as long as the server says: silent.
func (c *Client) GetAfter(ctx context.Context, url string) (*http.Response, error) {
	var response *http.Response
	var err error
	for i := 0; i <= c.attempts; i++ {
		response, err = c.hc.Get(url)
		if err != nil {
			continue
		}
		if slices.Contains(c.retryable, response.StatusCode) || response.StatusCode >= http.StatusInternalServerError {
			response.Body.Close()
			s, _ := strconv.Atoi(response.Header.Get("Retry-After"))
			time.Sleep(time.Duration(s) * time.Second)
			continue
		}
		break
	}
	return response, err
}

// GetListed goes round on the codes of a set alone, whatever they are:
// which statuses go round cannot be told, and nothing is reported.
func (c *Client) GetListed(ctx context.Context, url string) (*http.Response, error) {
	var response *http.Response
	var err error
	for i := 0; i <= c.attempts; i++ {
		response, err = c.hc.Get(url)
		if err != nil {
			return nil, err
		}
		if _, ok := c.okCodes[response.StatusCode]; !ok {
			response.Body.Close()
			time.Sleep(time.Second)
			continue
		}
		break
	}
	return response, err
}
