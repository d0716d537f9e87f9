// Package reqconf is the request core of a generated API client: a
// request is built into a config, options adjust it, and Execute sends it
// with the client's own retries. Execute rewinds the body with GetBody
// before the next attempt (that is preparation, not an attempt), closes a
// response it will not return behind a resp.Body != nil guard, and counts
// attempts against a retry limit that an option may change.
package reqconf

import (
	"bytes"
	"context"
	"io"
	"math/rand"
	"net/http"
	"time"
)

type Option func(*Config)

// WithMaxRetries lets the caller choose the limit: it is not a constant.
func WithMaxRetries(n int) Option { return func(c *Config) { c.MaxRetries = n } }

type Config struct {
	MaxRetries int
	Request    *http.Request
	HTTPClient *http.Client
}

func New(ctx context.Context, method, url string, body []byte, opts ...Option) (*Config, error) {
	req, err := http.NewRequestWithContext(ctx, method, url, nil)
	if err != nil {
		return nil, err
	}
	if body != nil {
		req.GetBody = func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(body)), nil }
		req.Body, _ = req.GetBody()
	}
	cfg := &Config{MaxRetries: 2, Request: req, HTTPClient: http.DefaultClient}
	for _, o := range opts {
		o(cfg)
	}
	return cfg, nil
}

// retryable says whether a response (nil for a transport error) is worth
// another attempt.
func retryable(res *http.Response) bool {
	if res == nil {
		return true
	}
	return res.StatusCode == http.StatusTooManyRequests || res.StatusCode >= 500
}

func delay(attempt int) time.Duration {
	d := min(500*time.Millisecond<<attempt, 8*time.Second)
	return d/2 + time.Duration(rand.Int63n(int64(d/2)))
}

func (cfg *Config) Execute() (*http.Response, error) {
	var res *http.Response
	var err error
	for attempt := 0; attempt <= cfg.MaxRetries; attempt++ {
		ctx := cfg.Request.Context()
		res, err = cfg.HTTPClient.Do(cfg.Request.Clone(ctx))
		if !retryable(res) || attempt >= cfg.MaxRetries {
			break
		}
		if cfg.Request.GetBody != nil {
			cfg.Request.Body, err = cfg.Request.GetBody()
			if err != nil {
				return nil, err
			}
		}
		if res != nil && res.Body != nil {
			res.Body.Close()
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(delay(attempt)):
		}
	}
	return res, err
}

func Do(ctx context.Context, method, url string, body []byte, opts ...Option) error {
	cfg, err := New(ctx, method, url, body, opts...)
	if err != nil {
		return err
	}
	res, err := cfg.Execute()
	if err != nil {
		return err
	}
	return res.Body.Close()
}
