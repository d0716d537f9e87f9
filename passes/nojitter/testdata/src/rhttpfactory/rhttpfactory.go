// Package rhttpfactory hands its clients to callers, who may set Backoff.
package rhttpfactory

import "github.com/hashicorp/go-retryablehttp"

// New returns the client as built.
func New() *retryablehttp.Client {
	return retryablehttp.NewClient()
}

// Configured returns it after setting its limit.
func Configured(n int) *retryablehttp.Client {
	rc := retryablehttp.NewClient()
	rc.RetryMax = n
	return rc
}
