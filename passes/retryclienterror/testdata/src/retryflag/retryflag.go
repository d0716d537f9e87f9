// Package retryflag sends through a helper that answers whether to try
// again (retry, err := c.do(req, attempt)), true on a 429 or a 5xx: the
// loop that waits on that flag retries 429 and 503, and must read
// Retry-After. A guard of the attempt budget inside the predicate does
// not hide the statuses it picks.
package retryflag

import (
	"net/http"
	"strconv"
	"time"
)

type Client struct {
	hc       *http.Client
	retries  int
	interval time.Duration
}

func shouldRetry(resp *http.Response, err error, attempt, max int) bool {
	if attempt >= max {
		return false
	}
	if err != nil {
		return true
	}
	return resp.StatusCode >= 500 || resp.StatusCode == http.StatusTooManyRequests
}

func (c *Client) do(req *http.Request, attempt int) (retry bool, err error) {
	resp, err := c.hc.Do(req)
	if resp != nil {
		defer resp.Body.Close()
	}
	if shouldRetry(resp, err, attempt, c.retries) {
		return true, err
	}
	return false, err
}

// Do waits its fixed interval whatever the server asked for.
func (c *Client) Do(req *http.Request) error {
	for i := 1; i <= c.retries; i++ {
		retry, err := c.do(req, i)
		if retry {
			select {
			case <-req.Context().Done():
				return req.Context().Err()
			case <-time.After(c.interval): // want `retry on 429 or 503 ignores the Retry-After header`
			}
			continue
		}
		return err
	}
	return nil
}

// doAfter answers, with the flag, how long the server asked to wait.
func (c *Client) doAfter(req *http.Request, attempt int) (retry bool, wait time.Duration, err error) {
	resp, err := c.hc.Do(req)
	if err != nil {
		return attempt < c.retries, c.interval, err
	}
	defer resp.Body.Close()
	if shouldRetry(resp, nil, attempt, c.retries) {
		if s, perr := strconv.Atoi(resp.Header.Get("Retry-After")); perr == nil {
			return true, time.Duration(s) * time.Second, nil
		}
		return true, c.interval, nil
	}
	return false, 0, nil
}

// DoAfter waits as long as the server asked.
func (c *Client) DoAfter(req *http.Request) error {
	for i := 1; i <= c.retries; i++ {
		retry, wait, err := c.doAfter(req, i)
		if !retry {
			return err
		}
		time.Sleep(wait)
	}
	return nil
}
