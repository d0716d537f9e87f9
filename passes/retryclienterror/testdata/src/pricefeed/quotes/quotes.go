// Package quotes fetches prices from an upstream quote service whose
// client retries by calling itself after a failure.
package quotes

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"time"
)

type Quote struct {
	Symbol string  `json:"symbol"`
	Price  float64 `json:"price"`
}

type Client struct {
	hc   *http.Client
	base string
}

const maxAttempts = 4

// Quote retries every non-200 answer, a 404 for an unknown symbol too.
func (c *Client) Quote(ctx context.Context, symbol string, attempt int) (*Quote, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.base+"/quotes/"+symbol, nil)
	if err != nil {
		return nil, err
	}
	resp, err := c.hc.Do(req) // want `retry on any non-success status also retries 4xx responses`
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		if attempt+1 >= maxAttempts {
			return nil, fmt.Errorf("quote %s: status %d", symbol, resp.StatusCode)
		}
		time.Sleep(time.Duration(attempt+1) * 200 * time.Millisecond)
		return c.Quote(ctx, symbol, attempt+1)
	}
	var q Quote
	return &q, json.NewDecoder(resp.Body).Decode(&q)
}

// History retries 5xx only: a 4xx is returned at once.
func (c *Client) History(ctx context.Context, symbol string, attempt int) ([]Quote, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.base+"/history/"+symbol, nil)
	if err != nil {
		return nil, err
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 500 && attempt < maxAttempts {
		time.Sleep(time.Duration(attempt+1) * 200 * time.Millisecond) // want `retry on 429 or 503 ignores the Retry-After header`
		return c.History(ctx, symbol, attempt+1)
	}
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("history %s: status %d", symbol, resp.StatusCode)
	}
	var out []Quote
	return out, json.NewDecoder(resp.Body).Decode(&out)
}

// Snapshot tests for success and retries everything else, in its else
// branch.
func (c *Client) Snapshot(ctx context.Context, market string, attempt int) ([]Quote, error) {
	resp, err := c.hc.Get(c.base + "/snapshot/" + market) // want `retry on any non-success status also retries 4xx responses`
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode == http.StatusOK {
		var out []Quote
		return out, json.NewDecoder(resp.Body).Decode(&out)
	} else {
		if attempt >= maxAttempts {
			return nil, fmt.Errorf("snapshot %s: status %d", market, resp.StatusCode)
		}
		time.Sleep(time.Second)
		return c.Snapshot(ctx, market, attempt+1)
	}
}

// Pages walks the listing: a non-200 page is skipped for the next one,
// which is a walk, not a retry.
func (c *Client) Pages(ctx context.Context, market string, page int) ([]Quote, error) {
	if page > 50 {
		return nil, nil
	}
	resp, err := c.hc.Get(c.base + "/listing/" + market + "?page=" + strconv.Itoa(page))
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		time.Sleep(100 * time.Millisecond)
		return c.Pages(ctx, market+"-next", page)
	}
	var out []Quote
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		return nil, err
	}
	return out, nil
}

// Throttled waits a fixed second on a 429, whatever the server asked.
func (c *Client) Throttled(ctx context.Context, symbol string, attempt int) (*Quote, error) {
	resp, err := c.hc.Get(c.base + "/quotes/" + symbol)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode == http.StatusTooManyRequests && attempt < maxAttempts {
		time.Sleep(time.Second) // want `retry on 429 or 503 ignores the Retry-After header`
		return c.Throttled(ctx, symbol, attempt+1)
	}
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("quote %s: status %d", symbol, resp.StatusCode)
	}
	var q Quote
	return &q, json.NewDecoder(resp.Body).Decode(&q)
}

// Polite waits as long as the server asks on a 429.
func (c *Client) Polite(ctx context.Context, symbol string, attempt int) (*Quote, error) {
	resp, err := c.hc.Get(c.base + "/quotes/" + symbol)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode == http.StatusTooManyRequests && attempt < maxAttempts {
		wait := time.Second
		if s, err := strconv.Atoi(resp.Header.Get("Retry-After")); err == nil {
			wait = time.Duration(s) * time.Second
		}
		time.Sleep(wait)
		return c.Polite(ctx, symbol, attempt+1)
	}
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("quote %s: status %d", symbol, resp.StatusCode)
	}
	var q Quote
	return &q, json.NewDecoder(resp.Body).Decode(&q)
}
