// Package rewound is an HTTP client whose Do retries the request it is
// given: each round after the first rewinds the request's body
// (request, err = cloneRequest(request, getBody)), and the statuses it
// retries are the server errors and a set of codes the caller configures
// (_, ok := slices.BinarySearch(c.retryable, status); ok || status >= 500).
// Post and Patch hand it a request they build with a constant method.
package rewound

import (
	"io"
	"net/http"
	"slices"
	"time"
)

type Doer interface {
	Do(*http.Request) (*http.Response, error)
}

type Client struct {
	client    Doer
	attempts  int
	retryable []int
	onError   func(*http.Request, error)
}

func cloneRequest(r *http.Request, getBody func() (io.ReadCloser, error)) (*http.Request, error) {
	if getBody == nil {
		return r, nil
	}
	body, err := getBody()
	if err != nil {
		return nil, err
	}
	r = r.WithContext(r.Context())
	r.Body = body
	return r, nil
}

func (c *Client) Post(url string, body io.Reader) (*http.Response, error) { // want Post:`sends unkeyed POST \(retried=true\)`
	req, err := http.NewRequest(http.MethodPost, url, body)
	if err != nil {
		return nil, err
	}
	return c.Do(req) // want `POST request is sent through Do, which retries it without an Idempotency-Key header`
}

func (c *Client) Patch(url string, body io.Reader) (*http.Response, error) { // want Patch:`sends unkeyed PATCH \(retried=true\)`
	req, err := http.NewRequest(http.MethodPatch, url, body)
	if err != nil {
		return nil, err
	}
	return c.Do(req) // want `PATCH request is sent through Do, which retries it without an Idempotency-Key header`
}

// PostKeyed sends a key with the request: silent.
func (c *Client) PostKeyed(url, key string, body io.Reader) (*http.Response, error) { // want PostKeyed:`sends POST keyed by param 1`
	req, err := http.NewRequest(http.MethodPost, url, body)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Idempotency-Key", key)
	return c.Do(req)
}

// Put is idempotent: silent.
func (c *Client) Put(url string, body io.Reader) (*http.Response, error) {
	req, err := http.NewRequest(http.MethodPut, url, body)
	if err != nil {
		return nil, err
	}
	return c.Do(req)
}

func (c *Client) Do(request *http.Request) (*http.Response, error) { // want Do:`sends request param 0 \(keyed=false retried=true\)`
	getBody := request.GetBody
	var response *http.Response
	var err error
	for i := 0; i <= c.attempts; i++ {
		if response != nil {
			_, _ = io.Copy(io.Discard, response.Body)
			response.Body.Close()
		}
		if i > 0 {
			time.Sleep(time.Duration(i) * 100 * time.Millisecond)
			request, err = cloneRequest(request, getBody)
			if err != nil {
				c.onError(request, err)
				break
			}
		}
		response, err = c.client.Do(request)
		if err != nil {
			c.onError(request, err)
			continue
		}
		if _, ok := slices.BinarySearch(c.retryable, response.StatusCode); ok ||
			response.StatusCode >= http.StatusInternalServerError {
			continue
		}
		break
	}
	return response, err
}

// Fetch goes round only on the codes the caller lists, which the code
// does not show: whether a failure goes round cannot be told, and the
// POST it sends is not reported.
func (c *Client) Fetch(url string) (*http.Response, error) { // want Fetch:`sends unkeyed POST \(retried=false\)`
	var response *http.Response
	var err error
	for i := 0; i <= c.attempts; i++ {
		response, err = c.client.Do(mustRequest(http.MethodPost, url))
		if err != nil {
			return nil, err
		}
		if _, ok := slices.BinarySearch(c.retryable, response.StatusCode); ok {
			response.Body.Close()
			continue
		}
		break
	}
	return response, err
}

func mustRequest(method, url string) *http.Request { // want mustRequest:`builds param 0 request \(keyed=false fresh=false\)`
	req, _ := http.NewRequest(method, url, nil)
	return req
}
