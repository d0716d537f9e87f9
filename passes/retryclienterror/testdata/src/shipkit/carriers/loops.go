package carriers

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"shipkit/apierr"
)

var errNotSent = fmt.Errorf("not sent")

func pause(attempt int) time.Duration { return time.Duration(attempt) * 100 * time.Millisecond }

// --- reported ---

// Ping: any status outside 2xx goes round.
func (c *Client) Ping(ctx context.Context) error {
	for tries := 0; tries < 3; tries++ {
		resp, err := c.hc.Get(c.base + "/ping") // want `retry on any non-success status`
		if err != nil {
			time.Sleep(pause(tries))
			continue
		}
		apierr.Discard(resp)
		if resp.StatusCode/100 != 2 {
			time.Sleep(pause(tries))
			continue
		}
		return nil
	}
	return errNotSent
}

// Rate: the switch's default retries every other status.
func (c *Client) Rate(ctx context.Context, zip string) (int, error) {
	for attempt := 1; attempt <= 3; attempt++ {
		resp, err := c.hc.Get(c.base + "/rate/" + zip) // want `retry on any non-success status`
		if err != nil {
			time.Sleep(pause(attempt))
			continue
		}
		apierr.Discard(resp)
		switch resp.StatusCode {
		case http.StatusOK:
			return 1, nil
		case http.StatusNoContent:
			return 0, nil
		default:
			time.Sleep(pause(attempt))
		}
	}
	return 0, errNotSent
}

// Depots: what the shared predicate rejects is retried.
func (c *Client) Depots(ctx context.Context) error {
	for attempt := 1; attempt <= 3; attempt++ {
		resp, err := c.hc.Get(c.base + "/depots") // want `retry on any non-success status`
		if err != nil {
			time.Sleep(pause(attempt))
			continue
		}
		apierr.Discard(resp)
		if apierr.OK(resp.StatusCode) {
			return nil
		}
		time.Sleep(pause(attempt))
	}
	return errNotSent
}

// Holidays: a 503 waits a plain backoff in a select, never the
// Retry-After the carrier sends.
func (c *Client) Holidays(ctx context.Context) error {
	for attempt := 1; attempt <= 4; attempt++ {
		resp, err := c.hc.Get(c.base + "/holidays")
		if err != nil {
			return err
		}
		if resp.StatusCode == http.StatusServiceUnavailable {
			apierr.Discard(resp)
			select {
			case <-time.After(pause(attempt)): // want `retry on 429 or 503 ignores the Retry-After header`
				continue
			case <-ctx.Done():
				return ctx.Err()
			}
		}
		return apierr.FromResponse(resp)
	}
	return errNotSent
}

// Parcels: the 429 branch waits a plain backoff; the checker that reads
// Retry-After runs only on the other statuses.
func (c *Client) Parcels(ctx context.Context) error {
	for attempt := 1; attempt <= 4; attempt++ {
		resp, err := c.hc.Get(c.base + "/parcels")
		if err != nil {
			return err
		}
		if resp.StatusCode == http.StatusTooManyRequests {
			apierr.Discard(resp)
			time.Sleep(pause(attempt)) // want `retry on 429 or 503 ignores the Retry-After header`
			continue
		}
		if err := checkWithRetryAfter(resp); err != nil {
			return err
		}
		apierr.Discard(resp)
		return nil
	}
	return errNotSent
}

// checkWithRetryAfter reads Retry-After for the error it returns.
func checkWithRetryAfter(resp *http.Response) error {
	if resp.StatusCode < 300 {
		return nil
	}
	secs, _ := strconv.Atoi(resp.Header.Get("Retry-After"))
	apierr.Discard(resp)
	return fmt.Errorf("status %d, retry after %ds", resp.StatusCode, secs)
}

// --- not reported ---

// ParcelsRetryAfter reads Retry-After through a helper on the 429 path.
func (c *Client) ParcelsRetryAfter(ctx context.Context) error {
	for attempt := 1; attempt <= 4; attempt++ {
		resp, err := c.hc.Get(c.base + "/parcels")
		if err != nil {
			return err
		}
		if resp.StatusCode == http.StatusTooManyRequests {
			err := checkWithRetryAfter(resp)
			time.Sleep(pause(attempt))
			_ = err
			continue
		}
		apierr.Discard(resp)
		return nil
	}
	return errNotSent
}

// RateStrict: the switch sends 4xx back to the caller.
func (c *Client) RateStrict(ctx context.Context, zip string) (int, error) {
	for attempt := 1; attempt <= 3; attempt++ {
		resp, err := c.hc.Get(c.base + "/rate/" + zip)
		if err != nil {
			time.Sleep(pause(attempt))
			continue
		}
		apierr.Discard(resp)
		switch {
		case resp.StatusCode == http.StatusOK:
			return 1, nil
		case resp.StatusCode >= 400 && resp.StatusCode < 500:
			return 0, &apierr.Error{Code: resp.StatusCode}
		default:
			time.Sleep(pause(attempt)) // want `retry on 429 or 503 ignores the Retry-After header`
		}
	}
	return 0, errNotSent
}

// PingTransient: only what the shared predicate calls transient goes round
// (no 4xx), but the predicate singles out 429 and the wait never reads
// Retry-After: reported at the wait of that path, not at the wait after a
// transport error.
func (c *Client) PingTransient(ctx context.Context) error {
	for attempt := 1; attempt <= 3; attempt++ {
		resp, err := c.hc.Get(c.base + "/ping")
		if err != nil {
			time.Sleep(pause(attempt))
			continue
		}
		apierr.Discard(resp)
		if apierr.Transient(resp.StatusCode) {
			time.Sleep(pause(attempt)) // want `retry on 429 or 503 ignores the Retry-After header`
			continue
		}
		return apierr.FromResponse(resp)
	}
	return errNotSent
}

// HolidaysRetryAfter honours the header.
func (c *Client) HolidaysRetryAfter(ctx context.Context) error {
	for attempt := 1; attempt <= 4; attempt++ {
		resp, err := c.hc.Get(c.base + "/holidays")
		if err != nil {
			return err
		}
		if resp.StatusCode == http.StatusTooManyRequests {
			apierr.Discard(resp)
			secs, _ := strconv.Atoi(resp.Header.Get("Retry-After"))
			time.Sleep(time.Duration(secs) * time.Second)
			continue
		}
		return apierr.FromResponse(resp)
	}
	return errNotSent
}
