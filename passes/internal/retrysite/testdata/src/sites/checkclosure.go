package sites

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"strconv"
	"time"
)

// A REST client whose attempt checks the reply in a closure that reports
// through the captured err (and keeps a close error in a deferred
// func), decorates the request it just built, and asks a function field
// how long the server wants it to wait. Each attempt sends the same
// request: a retry loop.

var errReply = errors.New("unexpected reply")

type restClient struct {
	hc      *http.Client
	verbose bool
	tries   int
	pause   time.Duration
	delayOf func(*http.Response) (time.Duration, error)
}

func (c *restClient) trace(r *http.Request) *http.Request { return r }

func (c *restClient) build(ctx context.Context, method, path string, body []byte) (*http.Request, error) {
	return http.NewRequestWithContext(ctx, method, "https://api.example.test/"+path, bytes.NewReader(body))
}

func verifyReply(r *http.Response) error {
	if r.StatusCode >= 300 {
		return errReply
	}
	return nil
}

func (c *restClient) call(ctx context.Context, method, path string, body []byte) error {
	var resp *http.Response
	var err error
	for range c.tries { // want `retry loop bounded=true waits=1 op=body`
		req, berr := c.build(ctx, method, path, body)
		if berr != nil {
			return berr
		}
		if c.verbose {
			req = c.trace(req)
		}
		finish := func() error {
			defer func() {
				if cerr := resp.Body.Close(); cerr != nil && err == nil {
					err = cerr
				}
			}()
			if err = verifyReply(resp); err != nil {
				return err
			}
			return nil
		}
		resp, err = c.hc.Do(req)
		if err == nil {
			if err = finish(); err == nil {
				return nil
			}
		}
		wait, werr := c.delayOf(resp)
		if werr != nil {
			return werr
		}
		if wait < c.pause {
			wait = c.pause
		}
		time.Sleep(wait)
	}
	return err
}

func headerDelay(r *http.Response) (time.Duration, error) {
	if r == nil {
		return 0, nil
	}
	n, err := strconv.Atoi(r.Header.Get("Retry-After"))
	return time.Duration(n) * time.Second, err
}

// A page walk whose fetch closure reads the cursor the loop moves on:
// each round asks for another page, so it is not a retry.
type pageClient struct{}

func (p *pageClient) list(ctx context.Context, cursor string) ([]string, string, error) {
	return nil, "", nil
}

func (p *pageClient) all(ctx context.Context) ([]string, error) {
	var out, items []string
	cursor := ""
	for {
		var err error
		fetch := func() error {
			items, cursor, err = p.list(ctx, cursor)
			return err
		}
		if err = fetch(); err != nil {
			time.Sleep(time.Second)
			continue
		}
		out = append(out, items...)
		if cursor == "" {
			return out, nil
		}
	}
}

// A probe that measures a round trip is an attempt even though it
// returns a duration.
func measure(ctx context.Context, host string) (time.Duration, error) { return 0, nil }

func firstRTT(ctx context.Context, host string) time.Duration {
	for i := 0; i < 3; i++ { // want `retry loop bounded=true waits=1 op=body`
		rtt, err := measure(ctx, host)
		if err == nil {
			return rtt
		}
		time.Sleep(time.Second)
	}
	return 0
}
