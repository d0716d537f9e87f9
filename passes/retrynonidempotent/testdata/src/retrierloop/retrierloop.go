// Package retrierloop sends its requests through a client loop that asks
// a retrier, given the failed attempt, whether and how long to wait
// (wait, ok, err := retrier.Retry(ctx, n, req, resp, err)): that call
// decides the next attempt and is none itself. The path is built afresh
// every round (path += "?" + query counts nothing), and a failure path
// that names the connection in its error and returns carries nothing
// into the next round.
package retrierloop

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"time"
)

type Retrier interface {
	Retry(ctx context.Context, n int, req *http.Request, resp *http.Response, err error) (time.Duration, bool, error)
}

type conn struct{ url string }

func (c *conn) URL() string { return c.url }
func (c *conn) MarkAsDead() {}

type Client struct {
	hc      *http.Client
	retrier Retrier
	conns   []*conn
	next    int
}

func (c *Client) nextConn() (*conn, error) {
	if len(c.conns) == 0 {
		return nil, fmt.Errorf("no connection")
	}
	c.next = (c.next + 1) % len(c.conns)
	return c.conns[c.next], nil
}

type Options struct {
	Method string
	Path   string
	Params url.Values
}

func (c *Client) Perform(ctx context.Context, opt Options) (*http.Response, error) { // want Perform:`sends unkeyed param 1.Method \(retried=true\)`
	var (
		cn  *conn
		req *http.Request
		err error
		n   int
	)
	for {
		path := opt.Path
		if len(opt.Params) > 0 {
			path += "?" + opt.Params.Encode()
		}
		if cn, err = c.nextConn(); err != nil {
			return nil, err
		}
		req, err = http.NewRequestWithContext(ctx, opt.Method, cn.URL()+path, nil)
		if err != nil {
			return nil, fmt.Errorf("request for %s: %w", cn.URL(), err)
		}
		res, err := c.hc.Do(req)
		if err != nil {
			n++
			wait, ok, rerr := c.retrier.Retry(ctx, n, req, res, err)
			if rerr != nil {
				cn.MarkAsDead()
				return nil, rerr
			}
			if !ok {
				return nil, err
			}
			time.Sleep(wait)
			continue
		}
		return res, nil
	}
}

func (c *Client) Bulk(ctx context.Context) error { // want Bulk:`sends unkeyed POST \(retried=true\)`
	_, err := c.Perform(ctx, Options{Method: "POST", Path: "/_bulk"}) // want `POST request is sent through Perform, which retries it without an Idempotency-Key header`
	return err
}

func (c *Client) Get(ctx context.Context, id string) error {
	_, err := c.Perform(ctx, Options{Method: "GET", Path: "/doc/" + id})
	return err
}
