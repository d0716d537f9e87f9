// Package closedsender holds senders of the program that return the
// response they got: one that closes it and returns nil on a failed
// status leaves its caller nothing to close, one that returns it with
// the error leaves it open.
package closedsender

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"
)

var errFailed = errors.New("health check failed")

type T struct{ rt http.RoundTripper }

func retry(max int, fn func() error) error {
	var last error
	for attempt := range max {
		if err := fn(); err == nil {
			return nil
		} else {
			last = err
		}
		if attempt < max-1 {
			time.Sleep(time.Second)
		}
	}
	return last
}

// probe closes a failed answer itself.
func (c *T) probe(ctx context.Context) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "/", nil)
	if err != nil {
		return nil, err
	}
	res, err := c.rt.RoundTrip(req)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", errFailed, err)
	}
	if res.StatusCode != http.StatusOK {
		io.Copy(io.Discard, res.Body)
		res.Body.Close()
		return nil, fmt.Errorf("%w: status %d", errFailed, res.StatusCode)
	}
	return res, nil
}

// probeOpen returns a failed answer with its error.
func (c *T) probeOpen(ctx context.Context) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "/", nil)
	if err != nil {
		return nil, err
	}
	res, err := c.rt.RoundTrip(req)
	if err != nil {
		return nil, err
	}
	if res.StatusCode != http.StatusOK {
		return res, fmt.Errorf("%w: status %d", errFailed, res.StatusCode)
	}
	return res, nil
}

// probeAny hands over what one of the probes returns.
func (c *T) probeAny(ctx context.Context, deep bool) (*http.Response, error) {
	if deep {
		return c.probe(ctx)
	}
	return c.probe(context.WithoutCancel(ctx))
}

// Check retries a probe that leaves nothing open.
func (c *T) Check(ctx context.Context) bool {
	err := retry(3, func() error {
		res, err := c.probeAny(ctx, true)
		if err != nil {
			return err
		}
		res.Body.Close()
		return nil
	})
	return err == nil
}

// CheckOpen retries a probe whose failed answer it never closes.
func (c *T) CheckOpen(ctx context.Context) bool {
	err := retry(3, func() error {
		res, err := c.probeOpen(ctx) // want `response body is not closed when the attempt fails on its status`
		if err != nil {
			return err
		}
		res.Body.Close()
		return nil
	})
	return err == nil
}
