// Package reconcile pushes local entries to the ledger.
package reconcile

import (
	"context"
	"errors"
	"fmt"
	"math/rand"
	"net/http"
	"strconv"
	"time"

	"github.com/cenkalti/backoff/v4"

	"ledgersync/ledgerapi"
)

type Pusher struct {
	api  *ledgerapi.Client
	hc   *http.Client
	base string
}

func pause(attempt int) time.Duration {
	d := time.Duration(attempt+1) * 200 * time.Millisecond
	return d/2 + time.Duration(rand.Int63n(int64(d/2)))
}

func policy(ctx context.Context) backoff.BackOff {
	return backoff.WithContext(backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 4), ctx)
}

// The operation returns the client's error as it is: Post fails on every
// status outside 2xx, so backoff retries 4xx too.
func (p *Pusher) PushEntry(ctx context.Context, id, body string) error {
	return backoff.Retry(func() error {
		return p.api.Post(ctx, "/entries/"+id, body) // want `retry on any non-success status also retries 4xx`
	}, policy(ctx))
}

// Put marks client errors permanent itself: only 5xx are retried.
func (p *Pusher) ReplaceEntry(ctx context.Context, id, body string) error {
	return backoff.Retry(func() error { // want `waits the retry helper.s own backoff and ignores the Retry-After`
		return p.api.Put(ctx, "/entries/"+id, body)
	}, policy(ctx))
}

// Touch retries Get, which fails on 5xx only: a 404 fails no more than a
// 200 does (only a body that does not decode fails either).
func (p *Pusher) Touch(ctx context.Context, id string) error {
	err := p.api.Get(ctx, "/entries/"+id, nil)
	for n := 0; err != nil && n < 3; n++ {
		time.Sleep(pause(n)) // want `retry on 429 or 503 ignores the Retry-After header`
		err = p.api.Get(ctx, "/entries/"+id, nil)
	}
	return err
}

// fetch gets path and fails on every status outside 2xx.
func (p *Pusher) fetch(ctx context.Context, path string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, p.base+path, nil)
	if err != nil {
		return err
	}
	resp, err := p.hc.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("GET %s: %s", path, resp.Status)
	}
	return nil
}

// A method of the package returned as the operation's error.
func (p *Pusher) WaitSettled(ctx context.Context, id string) error {
	return backoff.Retry(func() error {
		return p.fetch(ctx, "/entries/"+id+"/settled") // want `retry on any non-success status also retries 4xx`
	}, policy(ctx))
}

func (p *Pusher) get(ctx context.Context, path string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, p.base+path, nil)
	if err != nil {
		return nil, err
	}
	return p.hc.Do(req)
}

// The status is kept in a variable before it is tested.
func (p *Pusher) Balance(ctx context.Context, account string) error {
	for attempt := 0; attempt < 4; attempt++ {
		resp, err := p.get(ctx, "/balances/"+account) // want `retry on any non-success status also retries 4xx`
		if err != nil {
			time.Sleep(pause(attempt))
			continue
		}
		code := resp.StatusCode
		resp.Body.Close()
		if code >= 400 {
			time.Sleep(pause(attempt))
			continue
		}
		return nil
	}
	return errors.New("balance: gave up")
}

// The same, kept in the if statement's own variable.
func (p *Pusher) Holds(ctx context.Context, account string) error {
	for attempt := 0; attempt < 4; attempt++ {
		resp, err := p.get(ctx, "/holds/"+account) // want `retry on any non-success status also retries 4xx`
		if err != nil {
			return err
		}
		resp.Body.Close()
		if sc := resp.StatusCode; sc < 200 || sc > 299 {
			time.Sleep(pause(attempt))
			continue
		}
		return nil
	}
	return errors.New("holds: gave up")
}

// A status kept in a variable, and only 5xx retried: silent.
func (p *Pusher) Limits(ctx context.Context, account string) error {
	for attempt := 0; attempt < 4; attempt++ {
		resp, err := p.get(ctx, "/limits/"+account)
		if err != nil {
			return err
		}
		code := resp.StatusCode
		resp.Body.Close()
		if code >= 500 {
			time.Sleep(pause(attempt)) // want `retry on 429 or 503 ignores the Retry-After header`
			continue
		}
		if code != http.StatusOK {
			return fmt.Errorf("limits: status %d", code)
		}
		return nil
	}
	return errors.New("limits: gave up")
}

// A variable that held the status is overwritten before the test: what
// it holds then is not the status.
func (p *Pusher) Mirrors(ctx context.Context, account string, fallbacks []int) error {
	for attempt := 0; attempt < 4; attempt++ {
		resp, err := p.get(ctx, "/mirrors/"+account)
		if err != nil {
			return err
		}
		resp.Body.Close()
		code := resp.StatusCode
		for _, f := range fallbacks {
			code = f
		}
		if code >= 400 {
			time.Sleep(pause(attempt))
			continue
		}
		return nil
	}
	return errors.New("mirrors: gave up")
}

func retryAfter(h http.Header) time.Duration {
	n, _ := strconv.Atoi(h.Get("Retry-After"))
	return time.Duration(n) * time.Second
}

// 429 waits as the server says; a 503 goes round on the 5xx wait, which
// is where the header is ignored.
func (p *Pusher) Statement(ctx context.Context, account string) error {
	for attempt := 0; attempt < 4; attempt++ {
		resp, err := p.get(ctx, "/statements/"+account)
		if err != nil {
			time.Sleep(pause(attempt))
			continue
		}
		resp.Body.Close()
		switch {
		case resp.StatusCode == http.StatusTooManyRequests:
			time.Sleep(retryAfter(resp.Header))
			continue
		case resp.StatusCode >= 500:
			time.Sleep(pause(attempt)) // want `retry on 429 or 503 ignores the Retry-After header`
			continue
		case resp.StatusCode >= 400:
			return fmt.Errorf("statement: status %d", resp.StatusCode)
		}
		return nil
	}
	return errors.New("statement: gave up")
}
