// Package apiclient builds a request once and retries its send through a
// helper that hands it to another package's wrapper.
package apiclient

import (
	"apiclient/transport"
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"time"
)

type Client struct{ hc *http.Client }

func (c *Client) newRequest(ctx context.Context, method, path string, body any) (*http.Request, error) { // want newRequest:`builds a request with body -1`
	buf := new(bytes.Buffer)
	if err := json.NewEncoder(buf).Encode(body); err != nil {
		return nil, err
	}
	return http.NewRequestWithContext(ctx, method, "https://api.example.com/"+path, buf)
}

func (c *Client) doRequest(req *http.Request) error { // want doRequest:`sends request parameter 0`
	resp, err := transport.Do(c.hc, req, false)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (c *Client) rewound(req *http.Request) error {
	resp, err := transport.Rewound(c.hc, req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func retry(n int, f func() error) error {
	var err error
	for i := 0; i < n; i++ {
		if err = f(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Token builds the request once: the second attempt sends an empty body.
func (c *Client) Token(ctx context.Context, job string) error {
	req, err := c.newRequest(ctx, http.MethodPut, "jobs/"+job+"/token", map[string]string{"job": job})
	if err != nil {
		return err
	}
	return retry(3, func() error {
		return c.doRequest(req) // want `request body is read to the end by the first attempt`
	})
}

// TokenPerAttempt builds the request in every attempt.
func (c *Client) TokenPerAttempt(ctx context.Context, job string) error {
	return retry(3, func() error {
		req, err := c.newRequest(ctx, http.MethodPut, "jobs/"+job+"/token", map[string]string{"job": job})
		if err != nil {
			return err
		}
		return c.doRequest(req)
	})
}

// TokenRewound sends through a wrapper that rewinds the body.
func (c *Client) TokenRewound(ctx context.Context, job string) error {
	req, err := c.newRequest(ctx, http.MethodPut, "jobs/"+job+"/token", map[string]string{"job": job})
	if err != nil {
		return err
	}
	return retry(3, func() error {
		return c.rewound(req)
	})
}
