// Package rhttpexplicit sets DefaultBackoff on purpose: reported where it
// is set, or at the client literal that sets it.
package rhttpexplicit

import (
	"net/http"
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

// New spells the default out.
func New() *http.Client {
	rc := retryablehttp.NewClient()
	rc.Backoff = retryablehttp.DefaultBackoff // want `retryablehttp.DefaultBackoff has no jitter`
	return rc.StandardClient()
}

// Literal builds the client as a literal: the client is built there, and
// the default it keeps is reported there, not at its field.
func Literal(timeout time.Duration) *http.Client {
	rc := &retryablehttp.Client{ // want `retryablehttp.DefaultBackoff has no jitter`
		HTTPClient:   &http.Client{Timeout: timeout},
		RetryWaitMin: time.Second,
		RetryWaitMax: 10 * time.Second,
		RetryMax:     3,
		CheckRetry:   retryablehttp.DefaultRetryPolicy,
		Backoff:      retryablehttp.DefaultBackoff,
	}
	return rc.StandardClient()
}

// Jittered builds one with a jittered backoff: silent.
func Jittered() *http.Client {
	rc := &retryablehttp.Client{
		HTTPClient: http.DefaultClient,
		RetryMax:   3,
		CheckRetry: retryablehttp.DefaultRetryPolicy,
		Backoff:    retryablehttp.LinearJitterBackoff,
	}
	return rc.StandardClient()
}
