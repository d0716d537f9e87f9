// want package:`waits Client.get Client.query Client.queryEach Client.queryPrimary`

// Package failover sends each attempt to the next endpoint a client draws:
// a failover over targets, whose missing delay is no nojitter hazard
// (RULES.md, "Vocabulary").
package failover

import (
	"fmt"
	"net/http"
)

type Client struct {
	hc        *http.Client
	endpoints []string
	i         int
	token     string
}

// nextEndpoint hands out the next endpoint, round robin.
func (c *Client) nextEndpoint() string {
	c.i = (c.i + 1) % len(c.endpoints)
	return c.endpoints[c.i]
}

// Primary reads the client's first endpoint: the same each time.
func (c *Client) Primary() string { return c.endpoints[0] }

func (c *Client) get(url string) error {
	resp, err := c.hc.Get(url)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 500 {
		return fmt.Errorf("server error %s", resp.Status)
	}
	return nil
}

// query asks the next endpoint after each failure, three at most.
func (c *Client) query() error {
	retries := 0
retry:
	endpoint := c.nextEndpoint()
	err := c.get(endpoint)
	if err != nil {
		retries++
		if retries < 3 {
			goto retry
		}
	}
	return err
}

// queryEach is the same as a for loop.
func (c *Client) queryEach() error {
	var err error
	for range len(c.endpoints) {
		if err = c.get(c.nextEndpoint()); err == nil {
			return nil
		}
	}
	return err
}

// queryPrimary asks the same endpoint again at once, read by a method
// that draws nothing: not another target.
func (c *Client) queryPrimary() error {
	var err error
	for range 3 { // want `retry loop retries at once`
		if err = c.get(c.Primary()); err == nil {
			return nil
		}
	}
	return err
}

type node struct{ Address string }

// roundTripper sends each attempt to the node a selector's next hands
// out: failover, no delay needed.
type roundTripper struct {
	rt       http.RoundTripper
	strategy func([]string) func() (*node, error)
	services []string
}

func (r *roundTripper) RoundTrip(req *http.Request) (*http.Response, error) {
	next := r.strategy(r.services)
	for i := 0; i < 3; i++ {
		n, err := next()
		if err != nil {
			continue
		}
		req.URL.Host = n.Address
		w, err := r.rt.RoundTrip(req)
		if err != nil {
			continue
		}
		return w, nil
	}
	return nil, fmt.Errorf("failed request")
}

// The same loop sending to the one host it was given retries at once.
func (r *roundTripper) RoundTripSame(req *http.Request) (*http.Response, error) {
	for i := 0; i < 3; i++ { // want `retry loop retries at once`
		w, err := r.rt.RoundTrip(req)
		if err != nil {
			continue
		}
		return w, nil
	}
	return nil, fmt.Errorf("failed request")
}
