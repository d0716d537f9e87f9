// Package rhttpconfigure sets the backoff in a helper given the client:
// which client it is given is not followed, so no client is reported.
package rhttpconfigure

import (
	"net/http"

	"github.com/hashicorp/go-retryablehttp"
)

func configure(c *retryablehttp.Client) {
	c.Backoff = retryablehttp.LinearJitterBackoff
}

func New() *http.Client {
	c := retryablehttp.NewClient()
	configure(c)
	return c.StandardClient()
}

func Other() *http.Client {
	c := retryablehttp.NewClient()
	configure(c)
	c.RetryMax = 2
	return c.StandardClient()
}
