// Package rhttplimit is an API client that sets its retry count through
// a setter: the count comes from a parameter, but every call the package
// makes gives it a positive constant, so the retries, and the backoff
// between them, run as the package sets the client up.
package rhttplimit

import (
	"net/http"

	"github.com/hashicorp/go-retryablehttp"
)

const defaultRetries = 3

type Client struct {
	client *retryablehttp.Client
}

func NewClient(hc *http.Client) *Client {
	c := &Client{client: retryablehttp.NewClient()} // want `retryablehttp.NewClient\(\) keeps DefaultBackoff, which has no jitter`
	c.client.HTTPClient = hc
	c.SetRetryLimit(defaultRetries)
	return c
}

// SetRetryLimit overrides the number of retries.
func (c *Client) SetRetryLimit(n int) {
	c.client.RetryMax = n
}
