// Package rhttpjittered replaces the default backoff: nothing to report.
package rhttpjittered

import (
	"net/http"

	"github.com/hashicorp/go-retryablehttp"
)

// New uses the jittered backoff.
func New() *http.Client {
	rc := retryablehttp.NewClient()
	rc.Backoff = retryablehttp.LinearJitterBackoff
	return rc.StandardClient()
}
