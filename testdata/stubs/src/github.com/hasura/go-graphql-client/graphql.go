// Package graphql is a stub of github.com/hasura/go-graphql-client: every
// operation is sent as a POST, as the real client does.
package graphql

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
)

type Client struct {
	url        string
	httpClient *http.Client
}

func NewClient(url string, httpClient *http.Client) *Client {
	return &Client{url: url, httpClient: httpClient}
}

func (c *Client) Query(ctx context.Context, q any, variables map[string]any) error {
	return c.do(ctx, q, variables)
}

func (c *Client) Mutate(ctx context.Context, m any, variables map[string]any) error {
	return c.do(ctx, m, variables)
}

func (c *Client) do(ctx context.Context, v any, variables map[string]any) error {
	body, err := json.Marshal(map[string]any{"variables": variables})
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.url, bytes.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := c.httpClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return errors.New(resp.Status)
	}
	return json.NewDecoder(resp.Body).Decode(v)
}
