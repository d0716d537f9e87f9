// Package madepred retries through helpers made by a function: one made
// with a predicate that lets only the statuses it marks go round (a 4xx,
// turned into a plain error, ends the retries), one made without, which
// retries every error the operation returns.
package madepred

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"
)

type RequestFunc func(context.Context, func(context.Context) error) error

// withEvaluate makes a helper that retries while evaluate says so.
func withEvaluate(evaluate func(error) (bool, time.Duration)) RequestFunc {
	return func(ctx context.Context, fn func(context.Context) error) error {
		for i := 0; i < 5; i++ {
			err := fn(ctx)
			if err == nil {
				return nil
			}
			if ok, _ := evaluate(err); !ok {
				return err
			}
			time.Sleep(time.Second)
		}
		return errors.New("retries exhausted")
	}
}

// always makes a helper that retries every failure.
func always() RequestFunc {
	return func(ctx context.Context, fn func(context.Context) error) error {
		var err error
		for i := 0; i < 5; i++ {
			if err = fn(ctx); err == nil {
				return nil
			}
			time.Sleep(time.Second)
		}
		return err
	}
}

type retryableError struct{ status int }

func (e retryableError) Error() string { return fmt.Sprint(e.status) }

func evaluate(err error) (bool, time.Duration) {
	if _, ok := err.(retryableError); ok {
		return true, 0
	}
	return false, 0
}

type Client struct {
	hc      *http.Client
	checked RequestFunc
	blind   RequestFunc
	url     string
}

func New() *Client {
	return &Client{hc: http.DefaultClient, checked: withEvaluate(evaluate), blind: always()}
}

// Checked: the predicate ends the retries on a 4xx.
func (c *Client) Checked(ctx context.Context) error {
	return c.checked(ctx, func(ctx context.Context) error {
		resp, err := c.hc.Get(c.url)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		if resp.StatusCode >= 200 && resp.StatusCode <= 299 {
			return nil
		}
		switch resp.StatusCode {
		case http.StatusTooManyRequests, http.StatusServiceUnavailable:
			return retryableError{resp.StatusCode}
		default:
			return fmt.Errorf("failed: %s", resp.Status)
		}
	})
}

// Blind retries the 4xx too.
func (c *Client) Blind(ctx context.Context) error {
	return c.blind(ctx, func(ctx context.Context) error {
		resp, err := c.hc.Get(c.url) // want `retry on any non-success status also retries 4xx`
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		if resp.StatusCode >= 200 && resp.StatusCode <= 299 {
			return nil
		}
		return fmt.Errorf("failed: %s", resp.Status)
	})
}
