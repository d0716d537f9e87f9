// want package:`waits`

// Package relayed retries through a helper: on a failure, send calls
// retry, which waits and calls send back with the same request, a
// counter one lower and the delay doubled. The helper's wait is the
// retry's. A helper that calls back with another request (the next page)
// walks, and retries nothing.
package relayed

import (
	"context"
	"errors"
	"math/rand/v2"
	"time"
)

type request struct{ path, cursor string }

type Client struct{}

func (c *Client) do(ctx context.Context, r *request) (string, error) {
	return "", errors.New("unreachable")
}

func (c *Client) send(ctx context.Context, r *request, retries int, d time.Duration) (string, error) {
	out, err := c.do(ctx, r)
	if err != nil && retries > 0 {
		return c.retry(ctx, r, err, retries, d)
	}
	return out, err
}

func (c *Client) retry(ctx context.Context, r *request, cause error, retries int, d time.Duration) (string, error) {
	select {
	case <-time.After(d): // want `retry delay has no jitter`
	case <-ctx.Done():
		return "", errors.Join(cause, ctx.Err())
	}
	return c.send(ctx, r, retries-1, d*2)
}

func (c *Client) sendJittered(ctx context.Context, r *request, retries int, d time.Duration) (string, error) {
	out, err := c.do(ctx, r)
	if err != nil && retries > 0 {
		return c.retryJittered(ctx, r, retries, d)
	}
	return out, err
}

func (c *Client) retryJittered(ctx context.Context, r *request, retries int, d time.Duration) (string, error) {
	d = min(d, 30*time.Second)
	time.Sleep(d/2 + rand.N(d/2))
	return c.sendJittered(ctx, r, retries-1, d*2)
}

func (c *Client) list(ctx context.Context, r *request, pages int, d time.Duration) (string, error) {
	out, err := c.do(ctx, r)
	if err != nil {
		return "", err
	}
	if out != "" && pages > 0 {
		return c.next(ctx, r, out, pages, d)
	}
	return out, nil
}

// next pauses between pages and asks for the next one: another request.
func (c *Client) next(ctx context.Context, r *request, cursor string, pages int, d time.Duration) (string, error) {
	time.Sleep(d)
	return c.list(ctx, &request{path: r.path, cursor: cursor}, pages-1, d)
}
