// Package resync is a client that retries by calling itself.
package resync

import (
	"context"
	"errors"
	"net/http"
	"time"
)

type Client struct {
	hc   *http.Client
	base string
}

func (c *Client) get(ctx context.Context, path string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.base+path, nil)
	if err != nil {
		return nil, err
	}
	return c.hc.Do(req)
}

// Follow retries itself until the server answers.
func (c *Client) Follow(ctx context.Context, path string) error {
	resp, err := c.get(ctx, path)
	if err != nil {
		time.Sleep(2 * time.Second)
		return c.Follow(ctx, path) // want `recursive retry can run forever: Client.Follow calls itself after each failure and nothing limits the attempts`
	}
	return resp.Body.Close()
}

// Status retries a 5xx by calling itself after a success test.
func (c *Client) Status(ctx context.Context, path string) error {
	resp, err := c.get(ctx, path)
	if err == nil && resp.StatusCode < 500 {
		return resp.Body.Close()
	}
	if resp != nil {
		resp.Body.Close()
	}
	time.Sleep(time.Second)
	return c.Status(ctx, path) // want `recursive retry can run forever: Client.Status calls itself`
}

// fetch counts its attempts and gives up after three.
func (c *Client) fetch(ctx context.Context, path string, attempt int) error {
	resp, err := c.get(ctx, path)
	if err != nil {
		if attempt >= 3 {
			return err
		}
		time.Sleep(time.Second)
		return c.fetch(ctx, path, attempt+1)
	}
	return resp.Body.Close()
}

// countdown counts down its retries.
func (c *Client) countdown(ctx context.Context, path string, retries int) error {
	if retries <= 0 {
		return errors.New("out of retries")
	}
	resp, err := c.get(ctx, path)
	if err != nil {
		time.Sleep(time.Second)
		return c.countdown(ctx, path, retries-1)
	}
	return resp.Body.Close()
}

// watch stops when the caller's context is done.
func (c *Client) watch(ctx context.Context, path string) error {
	resp, err := c.get(ctx, path)
	if err != nil {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
		return c.watch(ctx, path)
	}
	return resp.Body.Close()
}

// checked tests the context before each attempt.
func (c *Client) checked(ctx context.Context, path string) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	resp, err := c.get(ctx, path)
	if err != nil {
		time.Sleep(time.Second)
		return c.checked(ctx, path)
	}
	return resp.Body.Close()
}

// Look-alikes: recursion that moves on, or that does not wait.

type Page struct {
	Next string
}

// all follows the next page: a different request each time.
func (c *Client) all(ctx context.Context, path string) error {
	resp, err := c.get(ctx, path)
	if err != nil {
		time.Sleep(time.Second)
		return c.all(ctx, path+"?page=2")
	}
	return resp.Body.Close()
}

type node struct{ kids []*node }

// walk visits a tree.
func walk(n *node, visit func(*node) error) error {
	if err := visit(n); err != nil {
		return err
	}
	for _, k := range n.kids {
		if err := walk(k, visit); err != nil {
			time.Sleep(time.Millisecond)
			return walk(k, visit)
		}
	}
	return nil
}

// refresh logs in again once and repeats, without waiting.
func (c *Client) refresh(ctx context.Context, path string) error {
	resp, err := c.get(ctx, path)
	if err != nil {
		return err
	}
	if resp.StatusCode == http.StatusUnauthorized {
		resp.Body.Close()
		return c.refresh(ctx, path)
	}
	return resp.Body.Close()
}

// other calls another client's method of the same name.
func (c *Client) other(ctx context.Context, peer *Client, path string) error {
	_, err := c.get(ctx, path)
	if err != nil {
		time.Sleep(time.Second)
		return peer.other(ctx, peer, path)
	}
	return nil
}

type Session struct {
	c     *Client
	tries int
}

// open counts its attempts in a field.
func (s *Session) open(ctx context.Context) error {
	_, err := s.c.get(ctx, "/session")
	if err != nil {
		s.tries++
		if s.tries > 5 {
			return err
		}
		time.Sleep(time.Second)
		return s.open(ctx)
	}
	return nil
}

// stuck passes its counter on unchanged: it never reaches the limit.
func (c *Client) stuck(ctx context.Context, path string, attempt int) error {
	resp, err := c.get(ctx, path)
	if err != nil {
		if attempt > 3 {
			return err
		}
		time.Sleep(time.Second)
		return c.stuck(ctx, path, attempt) // want `recursive retry can run forever: Client.stuck calls itself`
	}
	return resp.Body.Close()
}

type Bucket struct{ remaining int }

// lock returns the bucket once it may be used again.
func (c *Client) lock(b *Bucket) *Bucket { return b }

// bucketed re-sends a 5xx while its sequence is below a limit (bounded),
// and a 429 after a wait without counting it (unbounded).
func (c *Client) bucketed(ctx context.Context, path string, bucket *Bucket, sequence int) error {
	resp, err := c.get(ctx, path)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	switch resp.StatusCode {
	case http.StatusOK:
		return nil
	case http.StatusBadGateway, http.StatusServiceUnavailable:
		if sequence < 3 {
			return c.bucketed(ctx, path, c.lock(bucket), sequence+1)
		}
		return errors.New("too many attempts")
	case http.StatusTooManyRequests:
		time.Sleep(time.Second)
		return c.bucketed(ctx, path, bucket, sequence) // want `recursive retry can run forever: Client.bucketed calls itself`
	}
	return errors.New(resp.Status)
}
