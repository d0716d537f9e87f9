// want package:`waits Client.All Client.Do Client.Pages Client.do Client.fetchPage Client.pageFlag`

// Package retryflag sends through a helper that says whether to try
// again: true beside the error of an attempt worth repeating. The loop
// waits a constant interval on that flag: a retry whose delay needs
// jitter. The attempt's number goes to the helper only to be compared
// with the limit, so each round sends the same request. A page number
// that builds the request, and a "more pages" flag that is true beside
// nil, move on to the next page: no retry.
package retryflag

import (
	"fmt"
	"log"
	"net/http"
	"time"
)

type Client struct {
	client        *http.Client
	retries       int
	retryInterval time.Duration
}

func New() *Client {
	return &Client{client: http.DefaultClient, retries: 3, retryInterval: 500 * time.Millisecond}
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
	log.Printf("attempt %d", attempt)
	resp, err := c.client.Do(req)
	if shouldRetry(resp, err, attempt, c.retries) {
		return true, err
	}
	if err != nil {
		return false, err
	}
	return false, resp.Body.Close()
}

func (c *Client) Do(req *http.Request) error {
	for i := 1; i <= c.retries; i++ {
		retry, err := c.do(req, i)
		if retry {
			select {
			case <-req.Context().Done():
				return req.Context().Err()
			case <-time.After(c.retryInterval): // want `retry delay has no jitter`
			}
			continue
		}
		return err
	}
	return nil
}

// fetchPage builds the request from the page it is given.
func (c *Client) fetchPage(base string, page int) (more bool, err error) {
	resp, err := c.client.Get(fmt.Sprintf("%s?page=%d", base, page))
	if err != nil {
		return false, err
	}
	defer resp.Body.Close()
	return resp.Header.Get("Link") != "", nil
}

func (c *Client) All(base string) error {
	for page := 1; ; page++ {
		more, err := c.fetchPage(base, page)
		if err != nil {
			return err
		}
		if !more {
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// pageFlag is true beside an error when the page was half read: a
// flag that may say "try again", but here the page moves on each round.
func (c *Client) pageFlag(base string, page int) (partial bool, err error) {
	resp, err := c.client.Get(fmt.Sprintf("%s?page=%d", base, page))
	if err != nil {
		return true, err
	}
	return false, resp.Body.Close()
}

func (c *Client) Pages(base string, n int) {
	for page := 0; page < n; page++ {
		if partial, _ := c.pageFlag(base, page); partial {
			time.Sleep(time.Second)
			continue
		}
	}
}
