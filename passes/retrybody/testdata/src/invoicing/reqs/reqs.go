// Package reqs builds the requests the invoicing clients send.
package reqs

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
)

// New builds a request with the headers every call carries.
func New(ctx context.Context, method, url string, body io.Reader) (*http.Request, error) {
	req, err := http.NewRequestWithContext(ctx, method, url, body)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Accept", "application/json")
	return req, nil
}

// JSON encodes v and builds a request carrying it.
func JSON(ctx context.Context, method, url string, v any) (*http.Request, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	req, err := New(ctx, method, url, bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	return req, nil
}

// Check returns an error for a non-2xx response, whose body it closes.
func Check(resp *http.Response) error {
	if resp.StatusCode >= 200 && resp.StatusCode < 300 {
		return nil
	}
	resp.Body.Close()
	return &StatusError{Code: resp.StatusCode}
}

// Close drains and closes a response's body.
func Close(resp *http.Response) {
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
}

type StatusError struct{ Code int }

func (e *StatusError) Error() string { return http.StatusText(e.Code) }

// Build marshals v, when there is one, the way API clients build every
// call: a GET passes nil and gets a request without a body.
func Build(ctx context.Context, method, url string, v any) (*http.Request, error) {
	var body io.Reader
	if v != nil {
		b, err := json.Marshal(v)
		if err != nil {
			return nil, err
		}
		body = bytes.NewReader(b)
	}
	return http.NewRequestWithContext(ctx, method, url, body)
}
