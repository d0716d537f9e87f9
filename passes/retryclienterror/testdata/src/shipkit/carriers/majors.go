package carriers

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"time"

	backoff7 "github.com/cenkalti/backoff/v7"

	"shipkit/apierr"
)

// Tariff reads a tariff with backoff v7; any status outside 2xx is a plain
// error, which Retry retries.
func (c *Client) Tariff(ctx context.Context, id string) (string, error) {
	return backoff7.Retry(ctx, func() (string, error) {
		resp, err := c.hc.Get(c.base + "/rates/" + id) // want `retry on any non-success status also retries 4xx responses`
		if err != nil {
			return "", err
		}
		defer resp.Body.Close()
		if resp.StatusCode < 200 || resp.StatusCode >= 300 {
			return "", fmt.Errorf("rate %s: %s", id, resp.Status)
		}
		return id, nil
	}, backoff7.WithMaxTries(4))
}

// ZoneOf ends the retries on a 4xx with v7's Permanent: silent.
func (c *Client) ZoneOf(ctx context.Context, id string) (string, error) {
	return backoff7.Retry(ctx, func() (string, error) { // want `waits the retry helper.s own backoff and ignores the Retry-After`
		resp, err := c.hc.Get(c.base + "/zones/" + id)
		if err != nil {
			return "", err
		}
		defer resp.Body.Close()
		if resp.StatusCode >= 400 && resp.StatusCode < 500 {
			return "", backoff7.Permanent(fmt.Errorf("zone %s: %s", id, resp.Status))
		}
		if resp.StatusCode != http.StatusOK {
			return "", fmt.Errorf("zone %s: %s", id, resp.Status)
		}
		return id, nil
	}, backoff7.WithMaxTries(4))
}

// Hubs hands the server's delay to v7's RetryAfter, which takes a
// duration and the error: not reported.
func (c *Client) Hubs(ctx context.Context) error {
	_, err := backoff7.Retry(ctx, func() (struct{}, error) {
		resp, err := c.hc.Get(c.base + "/hubs")
		if err != nil {
			return struct{}{}, err
		}
		apierr.Discard(resp)
		if resp.StatusCode == 429 || resp.StatusCode == 503 {
			secs, _ := strconv.Atoi(resp.Header.Get("Retry-After"))
			return struct{}{}, backoff7.RetryAfter(time.Duration(secs)*time.Second, errThrottled)
		}
		if resp.StatusCode >= 500 {
			return struct{}{}, errThrottled
		}
		return struct{}{}, nil
	}, backoff7.WithMaxElapsedTime(time.Minute))
	return err
}
