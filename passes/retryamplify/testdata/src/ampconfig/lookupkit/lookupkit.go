// Package lookupkit retries as its callers configure it: by options, by a
// configuration, by an attempt count, by its client's settings.
package lookupkit

import (
	"context"
	"math/rand"
	"net/http"
	"time"
)

type config struct{ attempts int }

// Option configures Lookup.
type Option func(*config)

// WithAttempts sets how many attempts Lookup makes.
func WithAttempts(n int) Option { return func(c *config) { c.attempts = n } } // want WithAttempts:`option sets`

// WithTrace is an option that leaves the attempts alone.
func WithTrace() Option { return func(c *config) {} } // want WithTrace:`option sets`

func get(url string) error {
	resp, err := http.Get(url)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func pause() { time.Sleep(time.Duration(rand.Intn(100)) * time.Millisecond) }

// Lookup makes three attempts unless an option says otherwise.
func Lookup(ctx context.Context, url string, opts ...Option) error { // want Lookup:`retries\(attempts=0\)`
	c := config{attempts: 3}
	for _, o := range opts {
		o(&c)
	}
	var err error
	for i := 0; i < c.attempts; i++ {
		if err = get(url); err == nil {
			return nil
		}
		pause()
	}
	return err
}

// Config configures Fetch: MaxRetries retries after the first attempt.
type Config struct {
	MaxRetries int
	Timeout    time.Duration
}

func Fetch(ctx context.Context, url string, cfg Config) error { // want Fetch:`retries\(attempts=0\)`
	var err error
	for i := 0; i <= cfg.MaxRetries; i++ {
		if err = get(url); err == nil {
			return nil
		}
		pause()
	}
	return err
}

// Client retries each request as it was built.
type Client struct {
	Retries int
}

func (c *Client) Get(ctx context.Context, url string) error { // want Get:`retries\(attempts=0\)`
	var err error
	for attempt := 1; attempt <= c.Retries+1; attempt++ {
		if err = get(url); err == nil {
			return nil
		}
		pause()
	}
	return err
}
