// Package tfretry: an SDK error that carries the response (ErrorResponse{
// Response *http.Response }) is told apart by a classifier that takes the
// status to look for; a 429 that a Terraform RetryContext operation waits
// out with a fixed sleep ignores Retry-After.
package tfretry

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/retry"
)

// ErrorResponse is the SDK's error for a failed status.
type ErrorResponse struct {
	Response *http.Response
	Message  string
}

func (e *ErrorResponse) Error() string { return e.Message }

type Client struct{ hc *http.Client }

// Get reads a resource; a status above 299 is an *ErrorResponse.
func (c *Client) Get(ctx context.Context, id string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "https://api.example.com/cdn/"+id, nil)
	if err != nil {
		return nil, err
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode > 299 {
		resp.Body.Close()
		return resp, &ErrorResponse{Response: resp, Message: resp.Status}
	}
	return resp, nil
}

// IsAPIError reports whether err is the SDK's error for the status code
// whose message holds message.
func IsAPIError(err error, code int, message string) bool {
	if e, ok := err.(*ErrorResponse); ok {
		return e.Response.StatusCode == code && strings.Contains(e.Message, message)
	}
	return false
}

// Reported: the 429 is waited out with a fixed sleep.
func readThrottled(ctx context.Context, c *Client, id string) error {
	return retry.RetryContext(ctx, time.Minute, func() *retry.RetryError {
		resp, err := c.Get(ctx, id)
		if err != nil {
			if IsAPIError(err, http.StatusNotFound, "") {
				return retry.RetryableError(err)
			}
			if IsAPIError(err, http.StatusTooManyRequests, "") {
				time.Sleep(10 * time.Second) // want `retry on 429 or 503 ignores the Retry-After header`
				return retry.RetryableError(err)
			}
			return retry.NonRetryableError(err)
		}
		resp.Body.Close()
		return nil
	})
}

// Not reported: the wait is what the server asked for.
func readHonoured(ctx context.Context, c *Client, id string) error {
	return retry.RetryContext(ctx, time.Minute, func() *retry.RetryError {
		resp, err := c.Get(ctx, id)
		if err != nil {
			if IsAPIError(err, http.StatusTooManyRequests, "") {
				secs, _ := strconv.Atoi(resp.Header.Get("Retry-After"))
				time.Sleep(time.Duration(secs) * time.Second)
				return retry.RetryableError(err)
			}
			return retry.NonRetryableError(err)
		}
		resp.Body.Close()
		return nil
	})
}

// Reported at the helper call: the 429 goes round on the helper's own
// wait, which never reads Retry-After.
func readOnHelperWait(ctx context.Context, c *Client, id string) error {
	return retry.RetryContext(ctx, time.Minute, func() *retry.RetryError { // want `retry on 429 or 503 waits the retry helper's own backoff`
		resp, err := c.Get(ctx, id)
		if err != nil {
			if IsAPIError(err, http.StatusTooManyRequests, "") {
				return retry.RetryableError(err)
			}
			return retry.NonRetryableError(err)
		}
		resp.Body.Close()
		return nil
	})
}

// Not reported: a 409 singled out for another attempt is no rate limit,
// so there is no Retry-After to read, and one 4xx chosen by name is a
// decision, not a retry of every client error.
func readUntilVisible(ctx context.Context, c *Client, id string) error {
	return retry.RetryContext(ctx, time.Minute, func() *retry.RetryError {
		resp, err := c.Get(ctx, id)
		if err != nil {
			if IsAPIError(err, http.StatusConflict, "") {
				return retry.RetryableError(err)
			}
			return retry.NonRetryableError(err)
		}
		resp.Body.Close()
		return nil
	})
}

func transient(err error) bool {
	if strings.Contains(strings.ToLower(err.Error()), "timeout") {
		return true
	}
	if e, ok := err.(*ErrorResponse); ok && e.Response != nil {
		status := e.Response.StatusCode
		return status == 409 || status == 429 || status >= 500
	}
	return false
}

// Reported at the helper call: a classifier sends 429 round on the
// helper's own wait.
func attachTransient(ctx context.Context, c *Client, id string) error {
	return retry.RetryContext(ctx, time.Minute, func() *retry.RetryError { // want `retry on 429 or 503 waits the retry helper's own backoff`
		resp, err := c.Get(ctx, id)
		if err != nil {
			if transient(err) {
				return retry.RetryableError(err)
			}
			return retry.NonRetryableError(err)
		}
		resp.Body.Close()
		return nil
	})
}
