// Package prefixhdrs keeps server-specified request headers in a field, but
// only names that start with "Buildkite-" (if !strings.HasPrefix(k, p) {
// continue }): no key-list name starts that way, so the request has no key.
// A copy of the field into another client adds no name.
package prefixhdrs

import (
	"bytes"
	"context"
	"net/http"
	"os"
	"strings"
	"time"
)

type Client struct {
	hc             *http.Client
	requestHeaders http.Header
}

func NewClient() *Client {
	return &Client{hc: http.DefaultClient, requestHeaders: requestHeadersFromEnv(os.Environ())}
}

func requestHeadersFromEnv(environ []string) http.Header { // want requestHeadersFromEnv:`returns headers \(key=false maybe=false fresh=false\)`
	headers := make(http.Header)
	for _, line := range environ {
		parts := strings.SplitN(line, "=", 2)
		if len(parts) != 2 {
			continue
		}
		key := http.CanonicalHeaderKey(parts[0])
		if !strings.HasPrefix(key, "Buildkite-") {
			continue
		}
		headers.Add(key, parts[1])
	}
	return headers
}

func (c *Client) setRequestHeaders(headers map[string]string) {
	c.requestHeaders = make(http.Header)
	for k, v := range headers {
		if !strings.HasPrefix(k, "Buildkite-") {
			continue
		}
		c.requestHeaders.Set(k, v)
	}
}

func (c *Client) newRequest(ctx context.Context, method, url string, body []byte) (*http.Request, error) { // want newRequest:`builds param 1 request \(keyed=false fresh=false\)`
	req, err := http.NewRequestWithContext(ctx, method, url, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	for k, values := range c.requestHeaders {
		for _, v := range values {
			req.Header.Add(k, v)
		}
	}
	return req, nil
}

func (c *Client) Register(ctx context.Context, body []byte) error { // want Register:`sends unkeyed POST \(retried=true\)`
	var err error
	for i := 0; i < 3; i++ {
		req, _ := c.newRequest(ctx, http.MethodPost, "https://x/register", body)
		if _, err = c.hc.Do(req); err == nil { // want `POST request is retried without an Idempotency-Key header`
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func (c *Client) Copy() *Client {
	n := NewClient()
	n.requestHeaders = c.requestHeaders
	return n
}

type Configured struct {
	hc      *http.Client
	headers http.Header
}

// setHeaders configures the client: the names go on every request it
// makes, where one key would key every operation alike, so none.
func (c *Configured) setHeaders(headers map[string]string) {
	c.headers = make(http.Header)
	for k, v := range headers {
		c.headers.Set(k, v)
	}
}

func (c *Configured) Register(ctx context.Context, body []byte) error { // want Register:`sends unkeyed POST \(retried=true\)`
	var err error
	for i := 0; i < 3; i++ {
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, "https://x/register", bytes.NewReader(body))
		for k, values := range c.headers {
			for _, v := range values {
				req.Header.Add(k, v)
			}
		}
		if _, err = c.hc.Do(req); err == nil { // want `POST request is retried without an Idempotency-Key header`
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

type Keyed struct {
	hc      *http.Client
	headers http.Header
}

// SetHeader sets a header on every request; the package itself sets a
// key through it.
func (c *Keyed) SetHeader(name, value string) {
	if c.headers == nil {
		c.headers = make(http.Header)
	}
	c.headers.Set(name, value)
}

func (c *Keyed) WithKey(key string) { c.SetHeader("Idempotency-Key", key) }

func (c *Keyed) Register(ctx context.Context, body []byte) error {
	var err error
	for i := 0; i < 3; i++ {
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, "https://x/register", bytes.NewReader(body))
		for k, values := range c.headers {
			for _, v := range values {
				req.Header.Add(k, v)
			}
		}
		if _, err = c.hc.Do(req); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
