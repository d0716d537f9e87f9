// Package sendercheck sends through the program's own client, whose Do
// returns the response and an error made for every status outside 2xx
// (an SDK's CheckResponse). A loop that retries Do's error, directly or
// through a wrapper that returns it, retries the 4xx with it.
package sendercheck

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"
)

type Client struct{ hc *http.Client }

type ErrorResponse struct{ Code int }

func (e *ErrorResponse) Error() string { return fmt.Sprint(e.Code) }

func CheckResponse(r *http.Response) error {
	if c := r.StatusCode; c >= 200 && c <= 299 {
		return nil
	}
	return &ErrorResponse{Code: r.StatusCode}
}

func (c *Client) Do(ctx context.Context, req *http.Request) (*http.Response, error) {
	resp, err := c.hc.Do(req.WithContext(ctx))
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if err := CheckResponse(resp); err != nil {
		return resp, err
	}
	return resp, nil
}

func (c *Client) Get(ctx context.Context, uri string) error {
	req, err := http.NewRequest(http.MethodGet, uri, nil)
	if err != nil {
		return err
	}
	_, err = c.Do(ctx, req)
	return err
}

// WaitDo retries every error of Do, a 404 included.
func WaitDo(ctx context.Context, c *Client, uri string) error {
	var err error
	for i := 0; i < 5; i++ {
		req, _ := http.NewRequest(http.MethodGet, uri, nil)
		_, err = c.Do(ctx, req) // want `retry on any non-success status also retries 4xx responses`
		if err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// WaitGet retries through the wrapper that returns Do's error.
func WaitGet(ctx context.Context, c *Client, uri string) error {
	var err error
	for i := 0; i < 5; i++ {
		if err = c.Get(ctx, uri); err == nil { // want `retry on any non-success status also retries 4xx responses`
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// ServerErrors is a client whose Do fails only on 5xx: a 404 comes back
// as a response, with no error.
type ServerErrors struct{ hc *http.Client }

func (c *ServerErrors) Do(req *http.Request) (*http.Response, error) {
	resp, err := c.hc.Do(req)
	if err != nil {
		return nil, err
	}
	resp.Body.Close()
	if resp.StatusCode >= 500 {
		return resp, fmt.Errorf("server error %d", resp.StatusCode)
	}
	return resp, nil
}

// WaitServer retries only what ServerErrors.Do fails on.
func WaitServer(c *ServerErrors, uri string) (*http.Response, error) {
	var err error
	for i := 0; i < 5; i++ {
		req, _ := http.NewRequest(http.MethodGet, uri, nil)
		var resp *http.Response
		if resp, err = c.Do(req); err == nil {
			return resp, nil
		}
		time.Sleep(time.Second) // want `retry on 429 or 503 ignores the Retry-After header`
	}
	return nil, err
}

// WaitFound leaves on a 404 before it retries the error.
func WaitFound(ctx context.Context, c *Client, uri string) error {
	var err error
	for i := 0; i < 5; i++ {
		req, _ := http.NewRequest(http.MethodGet, uri, nil)
		var resp *http.Response
		resp, err = c.Do(ctx, req)
		if resp != nil && resp.StatusCode >= 400 && resp.StatusCode < 500 {
			return err
		}
		if err == nil {
			return nil
		}
		time.Sleep(time.Second) // want `retry on 429 or 503 ignores the Retry-After header`
	}
	return err
}

// ProblemDetails is the API's error, carrying the status; NonceError is
// the one case of it that a retry can fix (a stale nonce, sent as 400).
type ProblemDetails struct {
	HTTPStatus int
	Type       string
}

func (p *ProblemDetails) Error() string { return p.Type }

type NonceError struct{ *ProblemDetails }

func (c *Client) post(uri string) error {
	resp, err := c.hc.Post(uri, "application/json", nil)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 400 {
		p := &ProblemDetails{HTTPStatus: resp.StatusCode}
		if p.Type == "badNonce" {
			return &NonceError{p}
		}
		return p
	}
	return nil
}

// PostNonce retries only a stale nonce: errors.As to NonceError does not
// match every status ProblemDetails carries.
func PostNonce(c *Client, uri string) error {
	var err error
	for i := 0; i < 3; i++ {
		err = c.post(uri)
		var ne *NonceError
		if !errors.As(err, &ne) {
			return err
		}
	}
	return err
}

// PostProblem retries every ProblemDetails, a 404 among them.
func PostProblem(c *Client, uri string) error {
	var err error
	for i := 0; i < 3; i++ {
		err = c.post(uri) // want `retry on any non-success status also retries 4xx responses`
		var pd *ProblemDetails
		if !errors.As(err, &pd) {
			return err
		}
		time.Sleep(time.Second)
	}
	return err
}
