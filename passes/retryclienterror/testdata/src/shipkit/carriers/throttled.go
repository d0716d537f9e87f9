package carriers

import (
	"context"
	"errors"
	"strconv"
	"time"

	backoff "github.com/cenkalti/backoff/v4"
	backoffv5 "github.com/cenkalti/backoff/v5"

	"shipkit/apierr"
)

var errThrottled = errors.New("throttled")

// Pickups retries a 429 after the helper's own backoff: the server's
// Retry-After is never read.
func (c *Client) Pickups(ctx context.Context) error {
	return backoff.Retry(func() error { // want `waits the retry helper's own backoff and ignores the Retry-After header`
		resp, err := c.hc.Get(c.base + "/pickups")
		if err != nil {
			return err
		}
		apierr.Discard(resp)
		if resp.StatusCode == 429 || resp.StatusCode >= 500 {
			return errThrottled
		}
		return nil
	}, backoff.WithContext(backoff.NewExponentialBackOff(), ctx))
}

// Dropoffs hands the server's delay back to the helper: not reported.
func (c *Client) Dropoffs(ctx context.Context) error {
	_, err := backoffv5.Retry(ctx, func() (struct{}, error) {
		resp, err := c.hc.Get(c.base + "/dropoffs")
		if err != nil {
			return struct{}{}, err
		}
		apierr.Discard(resp)
		if resp.StatusCode == 429 || resp.StatusCode == 503 {
			secs, _ := strconv.Atoi(resp.Header.Get("Retry-After"))
			return struct{}{}, backoffv5.RetryAfter(secs)
		}
		if resp.StatusCode >= 500 {
			return struct{}{}, errThrottled
		}
		return struct{}{}, nil
	}, backoffv5.WithMaxElapsedTime(time.Minute))
	return err
}

// Lockers waits the server's delay on 429 and its own backoff on 5xx: the
// operation chose which statuses follow the header, not reported.
func (c *Client) Lockers(ctx context.Context) error {
	_, err := backoffv5.Retry(ctx, func() (struct{}, error) {
		resp, err := c.hc.Get(c.base + "/lockers")
		if err != nil {
			return struct{}{}, err
		}
		apierr.Discard(resp)
		switch {
		case resp.StatusCode == 429:
			secs, _ := strconv.Atoi(resp.Header.Get("Retry-After"))
			return struct{}{}, backoffv5.RetryAfter(secs)
		case resp.StatusCode >= 500:
			return struct{}{}, errThrottled
		}
		return struct{}{}, nil
	}, backoffv5.WithMaxElapsedTime(time.Minute))
	return err
}
