// Package rhttpoff switches the client's retries off: its backoff never runs.
package rhttpoff

import (
	"net/http"

	"github.com/hashicorp/go-retryablehttp"
)

// New makes one attempt per request.
func New() *http.Client {
	rc := retryablehttp.NewClient()
	rc.RetryMax = 0
	return rc.StandardClient()
}
