// Package tfretry: Terraform's RetryContext is a retry helper; the waits
// its operation makes before it returns a RetryableError are retry delays.
package tfretry

import (
	"context"
	"errors"
	"math/rand/v2"
	"net/http"
	"time"

	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/resource"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/retry"
)

type apiError struct{ Response *http.Response }

func (e *apiError) Error() string { return "api error" }

type client struct{ hc *http.Client }

func (c *client) remove(ctx context.Context, id string) error { return nil }

func throttled(err error) bool {
	var ae *apiError
	return errors.As(err, &ae) && ae.Response.StatusCode == http.StatusTooManyRequests
}

// A fixed sleep on the failure path of the operation.
func removeThrottled(ctx context.Context, c *client, id string) error {
	return retry.RetryContext(ctx, time.Minute, func() *retry.RetryError {
		if err := c.remove(ctx, id); err != nil {
			if throttled(err) {
				time.Sleep(10 * time.Second) // want `retry delay has no jitter`
				return retry.RetryableError(err)
			}
			return retry.NonRetryableError(err)
		}
		return nil
	})
}

// A doubling delay kept outside the operation and clamped: capped, still
// without jitter.
func removeBlocked(ctx context.Context, c *client, id string) error {
	backoff := 2 * time.Second
	return retry.RetryContext(ctx, 5*time.Minute, func() *retry.RetryError {
		err := c.remove(ctx, id)
		if err == nil {
			return nil
		}
		if !throttled(err) {
			return retry.NonRetryableError(err)
		}
		select {
		case <-ctx.Done():
			return retry.NonRetryableError(ctx.Err())
		case <-time.After(backoff): // want `retry delay has no jitter`
		}
		backoff *= 2
		if backoff > 30*time.Second {
			backoff = 30 * time.Second
		}
		return retry.RetryableError(err)
	})
}

// The deprecated alias in helper/resource is the same helper.
func removeAlias(c *client, id string) error {
	return resource.Retry(time.Minute, func() *resource.RetryError {
		if err := c.remove(context.Background(), id); err != nil {
			time.Sleep(5 * time.Second) // want `retry delay has no jitter`
			return resource.RetryableError(err)
		}
		return nil
	})
}

// Not reported: the sleep has a random part.
func removeJittered(ctx context.Context, c *client, id string) error {
	return retry.RetryContext(ctx, time.Minute, func() *retry.RetryError {
		if err := c.remove(ctx, id); err != nil {
			time.Sleep(5*time.Second + rand.N(5*time.Second))
			return retry.RetryableError(err)
		}
		return nil
	})
}

// Not reported: the wait comes before an error that ends the retries, so
// no attempt follows it.
func removeOnce(ctx context.Context, c *client, id string) error {
	return retry.RetryContext(ctx, time.Minute, func() *retry.RetryError {
		if err := c.remove(ctx, id); err != nil {
			time.Sleep(time.Second)
			return retry.NonRetryableError(err)
		}
		return nil
	})
}

// Not reported: the helper's own wait between attempts, which the caller
// cannot change.
func removePlain(ctx context.Context, c *client, id string) error {
	return retry.RetryContext(ctx, time.Minute, func() *retry.RetryError {
		if err := c.remove(ctx, id); err != nil {
			return retry.RetryableError(err)
		}
		return nil
	})
}

type topicAPI interface {
	GetTopic(ctx context.Context, name string) (*string, *http.Response, error)
}

// Not reported: the operation goes round only while the topic it just
// created is not there yet (a 404, or no topic in a successful answer);
// every real error ends it. A poll, not a retry.
func waitTopic(ctx context.Context, api topicAPI, name string) error {
	return retry.RetryContext(ctx, time.Minute, func() *retry.RetryError {
		topic, resp, err := api.GetTopic(ctx, name)
		if err != nil {
			if resp != nil && resp.StatusCode == http.StatusNotFound {
				time.Sleep(2 * time.Second)
				return retry.RetryableError(err)
			}
			return retry.NonRetryableError(err)
		}
		if topic == nil {
			return retry.RetryableError(errors.New("not yet"))
		}
		return nil
	})
}

// Reported: a 503 goes round too, and that is a failed attempt.
func waitTopicUnavailable(ctx context.Context, api topicAPI, name string) error {
	return retry.RetryContext(ctx, time.Minute, func() *retry.RetryError {
		_, resp, err := api.GetTopic(ctx, name)
		if err != nil {
			if resp != nil && (resp.StatusCode == http.StatusNotFound || resp.StatusCode == http.StatusServiceUnavailable) {
				time.Sleep(2 * time.Second) // want `retry delay has no jitter`
				return retry.RetryableError(err)
			}
			return retry.NonRetryableError(err)
		}
		return nil
	})
}
