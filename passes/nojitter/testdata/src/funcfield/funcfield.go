// want package:`waits Client.Do Hooked.Do Jittered.Do`

// Package funcfield waits for what a function kept in a field returns: the
// client's Retry-After reader, set by its constructor or by a setter. The
// functions stored there are judged; a field whose function is not in
// sight is not.
package funcfield

import (
	"math/rand/v2"
	"net/http"
	"strconv"
	"time"
)

type delayFunc func(*http.Response) (time.Duration, error)

type Client struct {
	hc         *http.Client
	retries    int
	minWait    time.Duration
	retryAfter delayFunc
}

func respectRetryAfter(resp *http.Response) (time.Duration, error) { // want respectRetryAfter:`delay\(server.s Retry-After\)`
	if resp == nil {
		return 0, nil
	}
	n, err := strconv.Atoi(resp.Header.Get("Retry-After"))
	return time.Duration(n) * time.Second, err
}

func NewClient(hc *http.Client) *Client {
	c := &Client{hc: hc, retries: 5, retryAfter: respectRetryAfter}
	c.SetRetryWaitTime(3 * time.Second)
	return c
}

// SetRetryWaitTime sets the wait when the server names none.
func (c *Client) SetRetryWaitTime(d time.Duration) *Client {
	c.minWait = d
	return c
}

// Do waits the server's Retry-After, or the fixed minimum.
func (c *Client) Do(req *http.Request) error {
	var err error
	for range c.retries {
		var resp *http.Response
		resp, err = c.hc.Do(req)
		if err == nil && resp.StatusCode < 500 {
			return nil
		}
		ra, rerr := c.retryAfter(resp)
		if rerr != nil {
			return rerr
		}
		wait := c.minWait
		if ra > 0 {
			wait = ra
		}
		time.Sleep(wait) // want `retry delay has no jitter`
	}
	return err
}

type Jittered struct {
	hc      *http.Client
	backoff func(attempt int) time.Duration
}

func jittered(attempt int) time.Duration { // want jittered:`delay\(random=true capped=false grows=true\)`
	d := time.Duration(attempt+1) * time.Second
	return d/2 + rand.N(d/2)
}

func NewJittered(hc *http.Client) *Jittered { return &Jittered{hc: hc, backoff: jittered} }

// Do waits what its backoff field returns, which adds jitter.
func (c *Jittered) Do(req *http.Request) error {
	var err error
	for i := range 5 {
		if _, err = c.hc.Do(req); err == nil {
			return nil
		}
		time.Sleep(c.backoff(i))
	}
	return err
}

type Hooked struct {
	hc      *http.Client
	backoff func(attempt int) time.Duration
}

// SetBackoff takes the user's function: what it returns is out of sight.
func (c *Hooked) SetBackoff(f func(int) time.Duration) { c.backoff = f }

func (c *Hooked) Do(req *http.Request) error {
	var err error
	for i := range 5 {
		if _, err = c.hc.Do(req); err == nil {
			return nil
		}
		time.Sleep(c.backoff(i))
	}
	return err
}
