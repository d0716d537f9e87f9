// Package notfoundpoll: a poll for a resource that was just created goes
// round on a 404 (not visible yet) while every other error returns; the
// 404 is the poll's "not yet", not a failed attempt (RULES.md: a poll's
// still-pending answer).
package notfoundpoll

import (
	"context"
	"errors"
	"net/http"
	"time"
)

type Cluster struct{ Status string }

type Response struct{ *http.Response }

type Client struct{ hc *http.Client }

func (c *Client) Get(ctx context.Context, id string) (*Cluster, *Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "https://api.example.com/clusters/"+id, nil)
	if err != nil {
		return nil, nil, err
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return nil, nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, &Response{resp}, errors.New(resp.Status)
	}
	return &Cluster{Status: "online"}, &Response{resp}, nil
}

// Not reported: a poll whose only failure that goes round is the 404.
func waitOnline(c *Client, id string, rounds int) (*Cluster, error) {
	ticker := time.NewTicker(15 * time.Second)
	defer ticker.Stop()
	n := 0
	for range ticker.C {
		cl, resp, err := c.Get(context.Background(), id)
		if resp != nil && resp.StatusCode == 404 {
			continue
		}
		if err != nil {
			return nil, err
		}
		if cl.Status == "online" {
			return cl, nil
		}
		if n >= rounds {
			break
		}
		n++
	}
	return nil, errors.New("timeout")
}

// Reported: a 503 is a failed attempt, and it goes round past the count.
func waitOnlineUnavailable(c *Client, id string, rounds int) (*Cluster, error) {
	ticker := time.NewTicker(15 * time.Second)
	defer ticker.Stop()
	n := 0
	for range ticker.C { // want `retry loop can run forever`
		cl, resp, err := c.Get(context.Background(), id)
		if resp != nil && resp.StatusCode == 503 {
			continue
		}
		if err != nil {
			return nil, err
		}
		if cl.Status == "online" {
			return cl, nil
		}
		if n >= rounds {
			break
		}
		n++
	}
	return nil, errors.New("timeout")
}
