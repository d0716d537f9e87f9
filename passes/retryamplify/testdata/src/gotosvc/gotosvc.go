// Package gotosvc calls gotokit's token client from retries written with
// a goto, and retries around a goto retry.
package gotosvc

import (
	"context"
	"net/http"
	"time"

	"gotokit"
)

type Client struct {
	hc     *http.Client
	tokens *gotokit.Tokens
	url    string
}

// Charge retries with a goto, and every attempt fetches a token with a
// retry of its own.
func (c *Client) Charge(ctx context.Context) error { // want Charge:`retries\(attempts=16\)`
	attempt := 0
again:
	tok, err := c.tokens.Fetch(ctx) // want `retry inside a retry: every outer attempt runs the inner retry again, so 4 x 4 = 16 calls when the dependency keeps failing; retry at one layer only, here or in gotokit.Tokens.Fetch`
	if err == nil {
		err = c.send(ctx, tok)
	}
	if err != nil && attempt < 3 {
		attempt++
		time.Sleep(time.Second)
		goto again
	}
	return err
}

// Refund fetches its token once, before the goto retry: only the send is
// retried.
func (c *Client) Refund(ctx context.Context) error { // want Refund:`retries\(attempts=4\)`
	tok, err := c.tokens.Fetch(ctx)
	if err != nil {
		return err
	}
	attempt := 0
again:
	if err := c.send(ctx, tok); err != nil && attempt < 3 {
		attempt++
		time.Sleep(time.Second)
		goto again
	}
	return nil
}

// Sync retries in a loop around a goto retry in the same function.
func (c *Client) Sync(ctx context.Context) error { // want Sync:`retries\(attempts=9\)`
	var err error
	for i := 0; i < 3; i++ {
		n := 0
	retry:
		err = c.send(ctx, "")
		if err != nil && n < 2 {
			n++
			time.Sleep(100 * time.Millisecond)
			goto retry // want `retry inside a retry: every outer attempt runs the inner retry again, so 3 x 3 = 9 calls when the dependency keeps failing; retry at one layer only`
		}
		if err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Cached's goto skips ahead, it does not retry: no amplification.
func (c *Client) Lookup(ctx context.Context) (string, error) { // want Lookup:`retries\(attempts=3\)`
	for i := 0; i < 3; i++ {
		if tok, err := c.tokens.Cached(ctx, ""); err == nil {
			return tok, nil
		}
		time.Sleep(time.Second)
	}
	return "", nil
}

func (c *Client) send(ctx context.Context, tok string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.url, nil)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+tok)
	req.Header.Set("Idempotency-Key", "k")
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	resp.Body.Close()
	return nil
}
