// Package rhttplimitoff sets its retry count through a setter that one of
// its callers gives 0: the count may be off, and nothing is reported;
// one read from its configuration is on.
package rhttplimitoff

import (
	"github.com/hashicorp/go-retryablehttp"
)

const defaultRetries = 3

type Client struct {
	client *retryablehttp.Client
}

func NewClient() *Client {
	c := &Client{client: retryablehttp.NewClient()}
	c.SetRetryLimit(defaultRetries)
	return c
}

// NewOneShot makes one attempt per request.
func NewOneShot() *Client {
	c := NewClient()
	c.SetRetryLimit(0)
	return c
}

func (c *Client) SetRetryLimit(n int) {
	c.client.RetryMax = n
}

type settings struct{ retryMax int }

type Uploader struct{ config settings }

// Start reads its retry count from the configuration: the retries are on
// as the package ships them.
func (u *Uploader) Start() *retryablehttp.Client {
	rc := retryablehttp.NewClient() // want `retryablehttp.NewClient\(\) keeps DefaultBackoff`
	rc.RetryMax = u.config.retryMax
	u.send(rc)
	return nil
}

func (u *Uploader) send(*retryablehttp.Client) {}
