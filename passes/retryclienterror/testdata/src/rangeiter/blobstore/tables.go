package blobstore

import (
	"bytes"
	"context"
	"encoding/xml"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strconv"
	"time"

	"rangeiter/retrytimer"
)

// throttled lists the answers an object store wants retried, 429 among
// them.
var throttled = []int{http.StatusRequestTimeout, http.StatusTooManyRequests, http.StatusInternalServerError,
	http.StatusBadGateway, http.StatusServiceUnavailable, http.StatusGatewayTimeout}

func retryableStatus(code int) bool { return slices.Contains(throttled, code) }

// apiError is the store's XML error document.
type apiError struct {
	Code   string
	Region string
}

func parseError(resp *http.Response) *apiError {
	var e apiError
	if xml.NewDecoder(resp.Body).Decode(&e) != nil {
		return nil
	}
	return &e
}

// target says where a request goes; a region redirect rewrites it.
type target struct {
	bucket string
	region string
}

// Execute retries the store's throttling answers on the iterator's timer
// without reading Retry-After. One special path, a region mismatch, moves
// the request to the region the error names: that path changes the target,
// the 429 and 503 paths do not, so the loop is a retry loop all the same.
func (c *Client) Execute(ctx context.Context, method string, t target) (*http.Response, error) {
	var res *http.Response
	var err error
	for range retrytimer.Attempts(ctx, 10, 100*time.Millisecond, 5*time.Second) { // want `retry on 429 or 503 ignores the Retry-After header`
		var req *http.Request
		req, err = http.NewRequestWithContext(ctx, method, c.endpoint+"/"+t.bucket+"?region="+t.region, nil)
		if err != nil {
			return nil, err
		}
		res, err = c.hc.Do(req)
		if err != nil {
			continue
		}
		if res.StatusCode == http.StatusOK {
			return res, nil
		}
		var body []byte
		body, err = io.ReadAll(io.LimitReader(res.Body, 1<<20))
		res.Body.Close()
		if err != nil {
			return nil, err
		}
		res.Body = io.NopCloser(bytes.NewReader(body))
		apiErr := parseError(res)
		if apiErr == nil {
			return res, fmt.Errorf("status %d", res.StatusCode)
		}
		if apiErr.Code == "AuthorizationHeaderMalformed" {
			if apiErr.Region == "" || apiErr.Region == t.region {
				return res, fmt.Errorf("%s", apiErr.Code)
			}
			t.region = apiErr.Region
			continue
		}
		if retryableStatus(res.StatusCode) {
			continue
		}
		break
	}
	return res, err
}

// ExecuteAfter reads Retry-After before going round: silent.
func (c *Client) ExecuteAfter(ctx context.Context, key string) error {
	for range retrytimer.Attempts(ctx, 10, 100*time.Millisecond, 5*time.Second) {
		res, err := c.hc.Get(c.endpoint + "/" + key)
		if err != nil {
			continue
		}
		res.Body.Close()
		if res.StatusCode == http.StatusOK {
			return nil
		}
		if retryableStatus(res.StatusCode) {
			if s, err := strconv.Atoi(res.Header.Get("Retry-After")); err == nil {
				time.Sleep(time.Duration(s) * time.Second)
			}
			continue
		}
		return fmt.Errorf("get %s: status %d", key, res.StatusCode)
	}
	return fmt.Errorf("get %s: retries exhausted", key)
}

// Failover moves to the next replica on every failure: each round sends a
// different request, so it is not a retry of one.
func (c *Client) Failover(ctx context.Context, replicas []string, key string) error {
	i := 0
	for range retrytimer.Attempts(ctx, 10, 100*time.Millisecond, 5*time.Second) {
		res, err := c.hc.Get(replicas[i] + "/" + key)
		i = (i + 1) % len(replicas)
		if err != nil {
			continue
		}
		res.Body.Close()
		if res.StatusCode == http.StatusOK {
			return nil
		}
		if retryableStatus(res.StatusCode) {
			continue
		}
		return fmt.Errorf("get %s: status %d", key, res.StatusCode)
	}
	return fmt.Errorf("get %s: no replica answered", key)
}

// Gateways retries the gateway errors of a table without 429: no
// throttling answer is singled out.
func (c *Client) Gateways(ctx context.Context, key string) error {
	for range retrytimer.Attempts(ctx, 4, 50*time.Millisecond, time.Second) { // want `retry on 429 or 503 ignores the Retry-After header`
		res, err := c.hc.Get(c.endpoint + "/" + key)
		if err != nil {
			continue
		}
		res.Body.Close()
		if slices.Contains(retryCodes, res.StatusCode) {
			continue
		}
		if res.StatusCode != http.StatusOK {
			return fmt.Errorf("get %s: status %d", key, res.StatusCode)
		}
		return nil
	}
	return fmt.Errorf("get %s: retries exhausted", key)
}
