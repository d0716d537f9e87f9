// Package deferread sends reports through backoff.Retry: the attempt
// defers the body's close, reads the body, and then sets its error from
// a status predicate of its own.
package deferread

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"

	"github.com/cenkalti/backoff/v5"
)

type Client struct{ hc *http.Client }

func (c *Client) successful(status int) bool { return status >= 200 && status < 300 }

// Report retries every non-2xx answer, 4xx included.
func (c *Client) Report(ctx context.Context, url string, body []byte) error {
	op := func() (struct{}, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodPut, url, bytes.NewReader(body))
		if err != nil {
			return struct{}{}, backoff.Permanent(err)
		}
		resp, err := c.hc.Do(req) // want `retry on any non-success status also retries 4xx responses`
		if err != nil {
			return struct{}{}, err
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		if err != nil {
			return struct{}{}, err
		}
		if !c.successful(resp.StatusCode) {
			err = fmt.Errorf("status %d: %s", resp.StatusCode, b)
		}
		return struct{}{}, err
	}
	_, err := backoff.Retry(ctx, op, backoff.WithMaxTries(5))
	return err
}

// ReportServerErrors retries only 5xx answers and gives up on the rest.
func (c *Client) ReportServerErrors(ctx context.Context, url string, body []byte) error {
	op := func() (struct{}, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodPut, url, bytes.NewReader(body))
		if err != nil {
			return struct{}{}, backoff.Permanent(err)
		}
		resp, err := c.hc.Do(req)
		if err != nil {
			return struct{}{}, err
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		if err != nil {
			return struct{}{}, err
		}
		if resp.StatusCode >= 500 {
			err = fmt.Errorf("status %d: %s", resp.StatusCode, b)
		} else if !c.successful(resp.StatusCode) {
			err = backoff.Permanent(fmt.Errorf("status %d", resp.StatusCode))
		}
		return struct{}{}, err
	}
	_, err := backoff.Retry(ctx, op, backoff.WithMaxTries(5)) // want `waits the retry helper.s own backoff and ignores the Retry-After`
	return err
}
