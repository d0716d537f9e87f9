// Package rhttpclients builds several go-retryablehttp clients and
// replaces the backoff of some: a client keeps DefaultBackoff unless its
// own Backoff is set.
package rhttpclients

import (
	"net/http"

	"github.com/hashicorp/go-retryablehttp"
)

// Jittered replaces its client's backoff.
func Jittered() *http.Client {
	j := retryablehttp.NewClient()
	j.Backoff = retryablehttp.LinearJitterBackoff
	return j.StandardClient()
}

// Plain keeps it, inline.
func Plain() *http.Client {
	return retryablehttp.NewClient().StandardClient() // want `retryablehttp.NewClient\(\) keeps DefaultBackoff`
}

// API holds two clients; only the fast one is jittered.
type API struct {
	fast, slow *retryablehttp.Client
}

func NewAPI() *API {
	a := &API{
		fast: retryablehttp.NewClient(),
		slow: retryablehttp.NewClient(), // want `retryablehttp.NewClient\(\) keeps DefaultBackoff`
	}
	a.fast.Backoff = retryablehttp.LinearJitterBackoff
	return a
}

// Store keeps a client made in a local, then configured through the field.
type Store struct {
	rc *retryablehttp.Client
}

func NewStore() *Store {
	rc := retryablehttp.NewClient()
	s := &Store{}
	s.rc = rc
	s.rc.Backoff = retryablehttp.LinearJitterBackoff
	return s
}

// Quiet switches its own client's retries off.
func Quiet() *http.Client {
	q := retryablehttp.NewClient()
	q.RetryMax = 0
	return q.StandardClient()
}
