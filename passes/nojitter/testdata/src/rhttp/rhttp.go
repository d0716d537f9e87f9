// Package rhttp builds go-retryablehttp clients that keep DefaultBackoff.
package rhttp

import (
	"net/http"
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

// Client calls the partner API.
type Client struct {
	http *http.Client
}

// New keeps the client's default backoff, which has no jitter.
func New() *Client {
	rc := retryablehttp.NewClient() // want `retryablehttp.NewClient\(\) keeps DefaultBackoff, which has no jitter`
	rc.RetryMax = 3
	rc.RetryWaitMax = 10 * time.Second
	return &Client{http: rc.StandardClient()}
}

// Standard builds the std client in one expression.
func Standard() *http.Client {
	return retryablehttp.NewClient().StandardClient() // want `retryablehttp.NewClient\(\) keeps DefaultBackoff`
}
