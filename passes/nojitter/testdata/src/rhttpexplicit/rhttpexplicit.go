// Package rhttpexplicit sets DefaultBackoff on purpose: reported there.
package rhttpexplicit

import (
	"net/http"

	"github.com/hashicorp/go-retryablehttp"
)

// New spells the default out.
func New() *http.Client {
	rc := retryablehttp.NewClient()
	rc.Backoff = retryablehttp.DefaultBackoff // want `retryablehttp.DefaultBackoff has no jitter`
	return rc.StandardClient()
}
