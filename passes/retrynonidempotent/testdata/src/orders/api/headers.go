package api

import (
	"bytes"
	"context"
	"net/http"
	"strings"
	"time"

	"github.com/google/uuid"
)

// KeyHeaders carries the caller's key.
func KeyHeaders(key string) map[string]string { // want KeyHeaders:`returns headers \(key=true maybe=false fresh=false\)`
	return map[string]string{"Idempotency-Key": key, "Accept": "application/json"}
}

// FreshKeyHeaders makes a new key on every call.
func FreshKeyHeaders() http.Header { // want FreshKeyHeaders:`returns headers \(key=true maybe=false fresh=true\)`
	h := http.Header{}
	h.Set("Idempotency-Key", uuid.NewString())
	return h
}

// DefaultHeaders carries no key.
func DefaultHeaders() http.Header { // want DefaultHeaders:`returns headers \(key=false maybe=false fresh=false\)`
	return http.Header{"Accept": {"application/json"}, "User-Agent": {"orders-client/1.0"}}
}

// Options are what the user of the package sets on an upload.
type Options struct {
	ContentType string
	Metadata    map[string]string // user metadata, sent as X-Meta-* headers
	Extra       map[string]string // sent as given
}

// header is the request's headers for the options: the user's metadata
// prefixed, the extra headers as the user gave them. Nothing in this
// program puts a key in either.
func (o Options) header() http.Header { // want header:`returns headers \(key=false maybe=false fresh=false\)`
	h := make(http.Header)
	if o.ContentType != "" {
		h.Set("Content-Type", o.ContentType)
	}
	for k, v := range o.Metadata {
		h.Set("X-Meta-"+k, v)
	}
	for k, v := range o.Extra {
		h.Set(k, v)
	}
	return h
}

// meta describes one request to execute.
type meta struct {
	path   string
	body   []byte
	header http.Header
}

// execute retries on every error; it sends meta.header.
func (c *Client) execute(ctx context.Context, method string, m meta) (*http.Response, error) { // want execute:`sends unkeyed param 1 \(retried=true\) unless headers \[2.header\] hold a key`
	var err error
	for i := 0; i < 5; i++ {
		var req *http.Request
		req, err = c.newRequest(ctx, method, m)
		if err != nil {
			return nil, err
		}
		var resp *http.Response
		if resp, err = c.hc.Do(req); err == nil {
			return resp, nil
		}
		time.Sleep(time.Second)
	}
	return nil, err
}

func (c *Client) newRequest(ctx context.Context, method string, m meta) (*http.Request, error) { // want newRequest:`builds param 1 request \(keyed=false fresh=false\) with headers \[2.header\]`
	req, err := http.NewRequestWithContext(ctx, method, c.base+m.path, bytes.NewReader(m.body))
	if err != nil {
		return nil, err
	}
	for k, vs := range m.header {
		req.Header[k] = vs
	}
	return req, nil
}

// Upload starts an upload: a POST retried with the user's headers only.
func (c *Client) Upload(ctx context.Context, path string, o Options) error { // want Upload:`sends unkeyed POST \(retried=true\)`
	m := meta{path: path, header: o.header()}
	resp, err := c.execute(ctx, http.MethodPost, m) // want `POST request is sent through execute, which retries it without an Idempotency-Key header`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Commit adds a key made once per call to the metadata headers.
func (c *Client) Commit(ctx context.Context, path, key string) error {
	h := DefaultHeaders()
	h.Set("Idempotency-Key", key)
	resp, err := c.execute(ctx, http.MethodPost, meta{path: path, header: h})
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Stat is a GET.
func (c *Client) Stat(ctx context.Context, path string) error {
	resp, err := c.execute(ctx, http.MethodGet, meta{path: path})
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// NewRequest builds a request with the given headers, for callers that
// send it themselves.
func (c *Client) NewRequest(ctx context.Context, method, path string, body []byte, h http.Header) (*http.Request, error) { // want NewRequest:`builds param 1 request \(keyed=false fresh=false\) with headers \[4\]`
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	for k, vs := range h {
		for _, v := range vs {
			req.Header.Add(k, v)
		}
	}
	return req, nil
}

// CopyOptions carries an object's metadata, as the server returned it,
// over to the options of a new upload: the user's content, like Metadata
// itself.
func CopyOptions(resp *http.Response) Options {
	o := Options{Metadata: map[string]string{}}
	for k, vs := range resp.Header {
		if strings.HasPrefix(k, "X-Meta-") {
			o.Metadata[strings.TrimPrefix(k, "X-Meta-")] = vs[0]
		}
	}
	return o
}

// WithHeaders sets headers sent on every request of Send: a key may be
// among them.
func (c *Client) WithHeaders(h map[string]string) *Client {
	c.defaultHeaders = h
	return c
}

// Send posts with the headers of WithHeaders: it may carry a key.
func (c *Client) Send(ctx context.Context, path string, body []byte) error {
	resp, err := c.do(ctx, http.MethodPost, path, body, c.defaultHeaders)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// ResumeOptions are the options of a resumed upload.
type ResumeOptions struct {
	Extra map[string]string
}

// SetHeader adds a header to the upload; the key may be one.
func (o *ResumeOptions) SetHeader(name, value string) {
	if o.Extra == nil {
		o.Extra = map[string]string{}
	}
	o.Extra[name] = value
}

func (o ResumeOptions) header() http.Header { // want header:`returns headers \(key=true maybe=false fresh=false\)`
	h := make(http.Header)
	for k, v := range o.Extra {
		h.Set(k, v)
	}
	return h
}

// Resume sends the options' headers, which SetHeader fills with a key.
func (c *Client) Resume(ctx context.Context, path, key string) error {
	o := ResumeOptions{}
	o.SetHeader("Idempotency-Key", key)
	resp, err := c.execute(ctx, http.MethodPost, meta{path: path, header: o.header()})
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
