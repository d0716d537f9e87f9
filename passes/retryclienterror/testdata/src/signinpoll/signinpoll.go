// Package signinpoll waits for a sign-in by asking who the user is: the
// call fails on every status from 400 up. A loop that goes round on a
// failure or on a "not yet" in one condition (err == nil && u != nil)
// retries every 4xx, and so does one that asks only every tenth tick (a
// round that sends nothing says nothing of a status).
package signinpoll

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"
)

type User struct{ Name string }

type Client struct{ hc *http.Client }

func (c *Client) whoami(ctx context.Context) (*User, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "https://api.example.com/me", nil)
	if err != nil {
		return nil, err
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 400 {
		return nil, fmt.Errorf("whoami: status %d", resp.StatusCode)
	}
	var u User
	if err := json.NewDecoder(resp.Body).Decode(&u); err != nil {
		return nil, err
	}
	return &u, nil
}

// WaitSignIn asks every tenth tick; a 403 goes round like a "not yet".
func (c *Client) WaitSignIn(ctx context.Context) error {
	ticker := time.NewTicker(200 * time.Millisecond)
	defer ticker.Stop()
	frame := 0
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-ticker.C:
			frame++
			if frame%10 == 0 {
				u, err := c.whoami(ctx) // want `retry on any non-success status also retries 4xx responses`
				if err == nil && u != nil && u.Name != "" {
					return nil
				}
			}
		}
	}
}

// WaitSignInPolling returns on a failed call: only a "not yet" goes
// round, and no status is retried.
func (c *Client) WaitSignInPolling(ctx context.Context) error {
	ticker := time.NewTicker(time.Second)
	defer ticker.Stop()
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-ticker.C:
			u, err := c.whoami(ctx)
			if err != nil {
				return err
			}
			if u != nil && u.Name != "" {
				return nil
			}
		}
	}
}

// WaitUp skips rounds while paused and retries the call's failures: but
// it gives up on any error but a timeout, so no 4xx goes round.
func (c *Client) WaitUp(ctx context.Context, paused func() bool) error {
	for ctx.Err() == nil {
		if paused() {
			time.Sleep(time.Second)
			continue
		}
		_, err := c.whoami(ctx)
		if err == nil {
			return nil
		}
		if !isTimeout(err) {
			return err
		}
		time.Sleep(time.Second)
	}
	return ctx.Err()
}

func isTimeout(err error) bool {
	t, ok := err.(interface{ Timeout() bool })
	return ok && t.Timeout()
}
