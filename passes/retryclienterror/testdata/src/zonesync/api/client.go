// Package api is a DNS hosting API client whose do fails on every status
// outside 2xx.
package api

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
)

type Client struct {
	HTTPClient *http.Client
	base       string
	token      string
}

func New(base, token string) *Client {
	return &Client{HTTPClient: &http.Client{}, base: base, token: token}
}

type RRSet struct {
	Name   string   `json:"name"`
	Values []string `json:"values"`
}

// StatusError is the error of an answer outside 2xx.
type StatusError struct {
	Code int
	Body string
}

func (e *StatusError) Error() string { return fmt.Sprintf("status %d: %s", e.Code, e.Body) }

// APIError is the error document the API sends.
type APIError struct {
	StatusCode int    `json:"-"`
	Message    string `json:"message"`
}

func (e *APIError) Error() string { return e.Message }

func newStatusError(code int, body []byte) *StatusError {
	return &StatusError{Code: code, Body: string(body)}
}

func parseError(resp *http.Response) error {
	raw, _ := io.ReadAll(resp.Body)
	apiErr := APIError{StatusCode: resp.StatusCode}
	if err := json.Unmarshal(raw, &apiErr); err != nil {
		return newStatusError(resp.StatusCode, raw)
	}
	return &apiErr
}

func (c *Client) do(req *http.Request, result any) error {
	req.Header.Set("Authorization", "Bearer "+c.token)
	resp, err := c.HTTPClient.Do(req)
	if err != nil {
		return fmt.Errorf("send: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode/100 != 2 {
		return parseError(resp)
	}
	if result == nil {
		return nil
	}
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		return fmt.Errorf("read: %w", err)
	}
	if err := json.Unmarshal(raw, result); err != nil {
		return fmt.Errorf("decode: %w", err)
	}
	return nil
}

// CreateRRSet creates a record set.
func (c *Client) CreateRRSet(ctx context.Context, zone string, set RRSet) (*RRSet, error) {
	body, err := json.Marshal(set)
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, c.base+"/zones/"+zone+"/rrsets/"+set.Name, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	out := &RRSet{}
	if err := c.do(req, out); err != nil {
		return nil, err
	}
	return out, nil
}

// doServer fails only on 5xx: a 4xx answer is read as an empty result.
func (c *Client) doServer(req *http.Request) error {
	resp, err := c.HTTPClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 500 {
		return newStatusError(resp.StatusCode, nil)
	}
	return nil
}

// Touch marks a zone as checked; only server errors fail it.
func (c *Client) Touch(ctx context.Context, zone string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, c.base+"/zones/"+zone+"/touch", nil)
	if err != nil {
		return err
	}
	return c.doServer(req)
}
