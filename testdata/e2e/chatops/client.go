// Package chatops is a chat API client whose retries are opt-in: by
// default its doer is a plain *http.Client, and WithRetries wraps it.
package chatops

import (
	"context"
	"errors"
	"math/rand/v2"
	"net/http"
	"time"
)

type doer interface {
	Do(*http.Request) (*http.Response, error)
}

// retrying resends GETs on 5xx and connection errors.
type retrying struct {
	next doer
	max  int
}

func (r *retrying) Do(req *http.Request) (*http.Response, error) {
	for attempt := 0; ; attempt++ {
		resp, err := r.next.Do(req)
		if err == nil && resp.StatusCode < http.StatusInternalServerError {
			return resp, nil
		}
		if attempt >= r.max {
			return resp, err
		}
		if resp != nil {
			resp.Body.Close()
		}
		d := time.Duration(100<<min(attempt, 5)) * time.Millisecond
		time.Sleep(d/2 + rand.N(d/2))
	}
}

type Client struct {
	hc  doer
	url string
}

type Option func(*Client)

// WithRetries turns on retries: most callers leave them off.
func WithRetries(n int) Option {
	return func(c *Client) { c.hc = &retrying{next: c.hc, max: n} }
}

func New(url string, opts ...Option) *Client {
	c := &Client{hc: &http.Client{}, url: url}
	for _, o := range opts {
		o(c)
	}
	return c
}

var errOpen = errors.New("chatops: open failed")

// Open asks for a websocket URL.
func (c *Client) Open(ctx context.Context) (string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.url+"/connections.open", nil)
	if err != nil {
		return "", err
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return "", errOpen
	}
	return resp.Header.Get("Location"), nil
}

// Connect reconnects until it gets a URL. The doer it goes through is a
// plain *http.Client unless WithRetries was given: not a retry inside a
// retry by default.
func (c *Client) Connect(ctx context.Context) (string, error) {
	for attempt := 0; ; attempt++ {
		url, err := c.Open(ctx)
		if err == nil {
			return url, nil
		}
		d := time.Duration(1<<min(attempt, 6)) * time.Second
		select {
		case <-ctx.Done():
			return "", ctx.Err()
		case <-time.After(d/2 + rand.N(d/2)):
		}
	}
}
