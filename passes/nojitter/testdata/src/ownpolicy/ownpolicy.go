// want package:`waits Backoff.Duration Client.Resend Client.Send Client.SendSlowly Client.upload`

// Package ownpolicy keeps its own backoff type, which adds jitter only when
// its jitter ratio is not zero. A policy built with a zero ratio has no
// jitter: it is reported where it is built, once, however many retries
// wait for it; one built with a ratio is fine.
package ownpolicy

import (
	"bytes"
	"errors"
	"math"
	"math/rand"
	"net/http"
	"strconv"
	"time"
)

type Backoff struct {
	base   time.Duration
	factor uint8
	jitter float64
	cap    time.Duration
}

func NewBackoff(base time.Duration, factor uint8, jitter float64, cap time.Duration) *Backoff {
	return &Backoff{base, factor, jitter, cap}
}

func DefaultBackoff() *Backoff {
	return NewBackoff(100*time.Millisecond, 2, 0, 30*time.Second) // want `retry policy is built with jitter zero`
}

func jitteredBackoff() *Backoff {
	return NewBackoff(100*time.Millisecond, 2, 0.5, 30*time.Second)
}

// Duration adds a random deviation, up or down, only when b.jitter is set.
func (b *Backoff) Duration(attempt int) time.Duration { // want Duration:`delay\(random=true if jitter is set, capped=true grows=true\)`
	d := float64(b.base) * math.Pow(float64(b.factor), float64(attempt))
	if b.jitter != 0 {
		r := rand.Float64()
		dev := math.Floor(r * b.jitter * d)
		if int(math.Floor(r*10))&1 == 0 {
			d -= dev
		} else {
			d += dev
		}
	}
	return time.Duration(math.Min(d, float64(b.cap)))
}

// Config's RetryAfter is the user's to set; the default is the program's.
type Config struct {
	RetryAfter func(int) time.Duration
}

func (c *Config) defaults() {
	if c.RetryAfter == nil {
		c.RetryAfter = DefaultBackoff().Duration
	}
}

type httpError struct {
	retryAfter    time.Duration
	hasRetryAfter bool
}

func (e *httpError) Error() string { return "unavailable" }

func parseRetryAfter(v string) (time.Duration, bool) {
	n, err := strconv.Atoi(v)
	if err != nil {
		return 0, false
	}
	return time.Duration(n) * time.Second, true
}

type Client struct {
	Config
	url  string
	slow func(int) time.Duration
}

func New(c Config, url string) *Client {
	c.defaults()
	return &Client{Config: c, url: url, slow: jitteredBackoff().Duration}
}

func (c *Client) upload(body []byte) error {
	res, err := http.Post(c.url, "application/json", bytes.NewReader(body))
	if err != nil {
		return err
	}
	defer res.Body.Close()
	if res.StatusCode >= 500 {
		ra, ok := parseRetryAfter(res.Header.Get("Retry-After"))
		return &httpError{retryAfter: ra, hasRetryAfter: ok}
	}
	return nil
}

// Send waits the server's Retry-After when it sent one, the configured
// backoff otherwise.
func (c *Client) Send(body []byte) error {
	var err error
	for i := 0; i < 5; i++ {
		if err = c.upload(body); err == nil {
			return nil
		}
		var he *httpError
		errors.As(err, &he)
		d := c.RetryAfter(i)
		if he != nil && he.hasRetryAfter && he.retryAfter > d {
			d = he.retryAfter
		}
		time.Sleep(d)
	}
	return err
}

// Resend uses the same policy: no second report.
func (c *Client) Resend(body []byte) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = c.upload(body); err == nil {
			return nil
		}
		time.Sleep(c.RetryAfter(i))
	}
	return err
}

// SendSlowly waits a policy built with a jitter ratio: fine.
func (c *Client) SendSlowly(body []byte) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = c.upload(body); err == nil {
			return nil
		}
		time.Sleep(c.slow(i))
	}
	return err
}
