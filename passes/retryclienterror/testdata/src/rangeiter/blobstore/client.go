// Package blobstore is a small object-store client.
package blobstore

import (
	"bytes"
	"context"
	"fmt"
	"maps"
	"net/http"
	"slices"
	"time"

	"rangeiter/retrytimer"
)

type Client struct {
	hc       *http.Client
	endpoint string
	tags     map[string]string
}

// Stat retries every failed answer, 4xx included, on the iterator's timer.
func (c *Client) Stat(ctx context.Context, key string) error {
	for range retrytimer.Attempts(ctx, 5, 100*time.Millisecond, 2*time.Second) {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.endpoint+"/"+key, nil)
		if err != nil {
			return err
		}
		resp, err := c.hc.Do(req) // want `retry on any non-success status also retries 4xx`
		if err != nil {
			continue
		}
		resp.Body.Close()
		if resp.StatusCode == http.StatusOK {
			return nil
		}
	}
	return fmt.Errorf("stat %s: retries exhausted", key)
}

// Head polls with a fixed, unjittered wait for ever.
func (c *Client) Head(ctx context.Context, key string) error {
	for attempt := range retrytimer.Every(time.Second) {
		_ = attempt
		req, err := http.NewRequestWithContext(ctx, http.MethodHead, c.endpoint+"/"+key, nil)
		if err != nil {
			return err
		}
		resp, err := c.hc.Do(req) // want `retry on any non-success status also retries 4xx`
		if err != nil {
			continue
		}
		resp.Body.Close()
		if resp.StatusCode == http.StatusOK {
			return nil
		}
	}
	return nil
}

// List walks pages: a page iterator, not a retry loop.
func (c *Client) List(ctx context.Context) error {
	for page := range retrytimer.Pages(10) {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, fmt.Sprintf("%s?page=%d", c.endpoint, page), nil)
		if err != nil {
			return err
		}
		resp, err := c.hc.Do(req)
		if err != nil {
			continue
		}
		resp.Body.Close()
		if resp.StatusCode == http.StatusOK {
			return nil
		}
	}
	return nil
}

// Tag sends one request per tag key.
func (c *Client) Tag(ctx context.Context) error {
	for k := range maps.Keys(c.tags) {
		resp, err := c.hc.Post(c.endpoint+"/tags/"+k, "text/plain", bytes.NewReader(nil))
		if err != nil {
			continue
		}
		resp.Body.Close()
		if resp.StatusCode == http.StatusOK {
			return nil
		}
	}
	return nil
}

// Get gives up on the first failed answer: it does not go round on failure.
func (c *Client) Get(ctx context.Context, key string) error {
	for range retrytimer.Attempts(ctx, 3, time.Second, 10*time.Second) {
		resp, err := c.hc.Get(c.endpoint + "/" + key)
		if err != nil {
			return err
		}
		resp.Body.Close()
		return nil
	}
	return nil
}

// okCodes are the answers a fetch accepts.
var okCodes = []int{http.StatusOK, http.StatusNoContent}

// retryCodes are the answers worth another try.
var retryCodes = []int{http.StatusBadGateway, http.StatusServiceUnavailable, http.StatusGatewayTimeout}

// Fetch goes round until the answer is one of okCodes: 4xx included.
func (c *Client) Fetch(ctx context.Context, key string) error {
	for range retrytimer.Attempts(ctx, 4, 50*time.Millisecond, time.Second) {
		resp, err := c.hc.Get(c.endpoint + "/" + key) // want `retry on any non-success status also retries 4xx`
		if err != nil {
			continue
		}
		resp.Body.Close()
		done := slices.Contains(okCodes, resp.StatusCode)
		if done {
			return nil
		}
	}
	return fmt.Errorf("fetch %s: retries exhausted", key)
}

// Refresh retries only the gateway errors of retryCodes.
func (c *Client) Refresh(ctx context.Context, key string) error {
	for range retrytimer.Attempts(ctx, 4, 50*time.Millisecond, time.Second) { // want `retry on 429 or 503 ignores the Retry-After header`
		resp, err := c.hc.Get(c.endpoint + "/" + key)
		if err != nil {
			continue
		}
		resp.Body.Close()
		if slices.Contains(retryCodes, resp.StatusCode) {
			continue
		}
		if resp.StatusCode >= 400 {
			return fmt.Errorf("refresh %s: status %d", key, resp.StatusCode)
		}
		return nil
	}
	return fmt.Errorf("refresh %s: retries exhausted", key)
}
