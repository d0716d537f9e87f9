// Package caslock takes a lock through an API's compare-and-swap, a
// PATCH. Waiting while someone else holds the lock repeats the PATCH only
// after an answer that changed nothing; retrying it after a failed call
// may apply it twice.
package caslock

import (
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"net/http"
	"strings"
	"time"
)

type Client struct{ hc *http.Client }

// LockCompareAndSwap sets key to new if it holds old.
func (c *Client) LockCompareAndSwap(ctx context.Context, key, old, new string) (string, bool, error) { // want LockCompareAndSwap:`sends unkeyed PATCH`
	body := strings.NewReader(`{"old":"` + old + `","new":"` + new + `"}`)
	req, err := http.NewRequestWithContext(ctx, http.MethodPatch, "http://agent/lock/"+key, body)
	if err != nil {
		return "", false, err
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return "", false, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return "", false, errors.New(resp.Status)
	}
	var out struct {
		Value   string
		Swapped bool
	}
	err = json.NewDecoder(resp.Body).Decode(&out)
	return out.Value, out.Swapped, err
}

func pause() time.Duration { // want pause:`returns a fresh value`
	return 50*time.Millisecond + rand.N(50*time.Millisecond)
}

// Lock goes round only while the lock is held.
func (c *Client) Lock(ctx context.Context, key, token string) error { // want Lock:`sends unkeyed PATCH \(retried=false\)`
	for {
		_, done, err := c.LockCompareAndSwap(ctx, key, "", token)
		if err != nil {
			return err
		}
		if done {
			return nil
		}
		time.Sleep(pause())
	}
}

// LockRetrying also goes round when the call failed.
func (c *Client) LockRetrying(ctx context.Context, key, token string) error { // want LockRetrying:`sends unkeyed PATCH \(retried=true\)`
	for range 5 {
		_, done, err := c.LockCompareAndSwap(ctx, key, "", token) // want `PATCH request is retried without an Idempotency-Key header`
		if err == nil && done {
			return nil
		}
		time.Sleep(pause())
	}
	return errors.New("lock not taken")
}
