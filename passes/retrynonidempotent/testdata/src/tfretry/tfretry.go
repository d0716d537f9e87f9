// Package tfretry: a POST inside Terraform's RetryContext is retried only
// when the operation returns it as a RetryableError.
package tfretry

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/retry"
)

// Response wraps the answer, as cloud SDKs do.
type Response struct{ *http.Response }

type Client struct{ hc *http.Client }

// Attach starts an action on a volume: a POST.
func (c *Client) Attach(ctx context.Context, id string) (*Response, error) { // want Attach:`sends unkeyed POST \(retried=false\)`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example.com/volumes/"+id+"/actions", bytes.NewReader([]byte(`{"type":"attach"}`)))
	if err != nil {
		return nil, err
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return nil, err
	}
	r := &Response{resp}
	if resp.StatusCode >= 300 {
		return r, errors.New(resp.Status)
	}
	return r, nil
}

func transient(err error) bool {
	return strings.Contains(err.Error(), "timeout") || strings.Contains(err.Error(), "503")
}

// Reported: a timeout or a 503 goes round, and the attach may have been done.
func attachTransient(ctx context.Context, c *Client, id string) error { // want attachTransient:`sends unkeyed POST \(retried=true\)`
	return retry.RetryContext(ctx, time.Minute, func() *retry.RetryError {
		_, err := c.Attach(ctx, id) // want `POST request is retried without an Idempotency-Key header by retry.RetryContext`
		if err != nil {
			if transient(err) {
				return retry.RetryableError(err)
			}
			return retry.NonRetryableError(err)
		}
		return nil
	})
}

// Not reported: every failure ends the retries, so the POST is sent once.
func attachOnce(ctx context.Context, c *Client, id string) error {
	return retry.RetryContext(ctx, time.Minute, func() *retry.RetryError {
		if _, err := c.Attach(ctx, id); err != nil {
			return retry.NonRetryableError(err)
		}
		return nil
	})
}

// Not reported: only a 412, a rejection that proves nothing was done,
// goes round.
func attachWhenReady(ctx context.Context, c *Client, id string) error { // want attachWhenReady:`sends unkeyed POST \(retried=false\)`
	return retry.RetryContext(ctx, time.Minute, func() *retry.RetryError {
		resp, err := c.Attach(ctx, id)
		if err != nil {
			if resp != nil && resp.StatusCode == http.StatusPreconditionFailed {
				return retry.RetryableError(err)
			}
			return retry.NonRetryableError(err)
		}
		return nil
	})
}

// Status reads a volume's state: a GET.
func (c *Client) Status(ctx context.Context, id string) (string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "https://api.example.com/volumes/"+id, nil)
	if err != nil {
		return "", err
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	return resp.Status, nil
}

// Not reported: the attempt goes round before the POST while the volume
// is busy, and after it only when the server refused it (403).
func attachWhenIdle(ctx context.Context, c *Client, id string) error { // want attachWhenIdle:`sends unkeyed POST \(retried=false\)`
	return retry.RetryContext(ctx, time.Minute, func() *retry.RetryError {
		st, err := c.Status(ctx, id)
		if err != nil {
			return retry.NonRetryableError(err)
		}
		if st != "idle" {
			return retry.RetryableError(errors.New("busy"))
		}
		resp, err := c.Attach(ctx, id)
		if err != nil {
			if resp != nil && resp.StatusCode == http.StatusForbidden {
				return retry.RetryableError(err)
			}
			return retry.NonRetryableError(err)
		}
		return nil
	})
}

// Reported: after the POST, a timeout goes round too.
func attachWhenIdleTransient(ctx context.Context, c *Client, id string) error { // want attachWhenIdleTransient:`sends unkeyed POST \(retried=true\)`
	return retry.RetryContext(ctx, time.Minute, func() *retry.RetryError {
		st, err := c.Status(ctx, id)
		if err != nil {
			return retry.NonRetryableError(err)
		}
		if st != "idle" {
			return retry.RetryableError(errors.New("busy"))
		}
		if _, err := c.Attach(ctx, id); err != nil { // want `POST request is retried without an Idempotency-Key header by retry.RetryContext`
			if transient(err) {
				return retry.RetryableError(err)
			}
			return retry.NonRetryableError(err)
		}
		return nil
	})
}

// codedError is an SDK error with a code, as aws-sdk-go's awserr.Error.
type codedError interface {
	error
	Code() string
}

// retryOnCode retries f while its error has the code it is given.
func retryOnCode(code string, f func() error) error {
	return retry.RetryContext(context.Background(), time.Minute, func() *retry.RetryError {
		err := f()
		if err != nil {
			ce, ok := err.(codedError)
			if ok && ce.Code() == code {
				return retry.RetryableError(err)
			}
			return retry.NonRetryableError(err)
		}
		return nil
	})
}

// Not reported: the POST goes again only while the volume is not found
// yet, which the server answers without attaching anything.
func attachWhenVisible(ctx context.Context, c *Client, id string) error {
	return retryOnCode("NoSuchVolume", func() error {
		_, err := c.Attach(ctx, id)
		return err
	})
}

// Reported: a throttled attempt may have been done.
func attachThrottled(ctx context.Context, c *Client, id string) error { // want attachThrottled:`sends unkeyed POST \(retried=true\)`
	return retryOnCode("Throttling", func() error {
		_, err := c.Attach(ctx, id) // want `POST request is retried without an Idempotency-Key header by tfretry.retryOnCode`
		return err
	})
}
