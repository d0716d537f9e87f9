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
