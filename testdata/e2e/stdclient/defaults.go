package stdclient

import (
	"net/http"
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

// NewStatus keeps DefaultBackoff, built inline beside the jittered
// clients of New: its own Backoff is never set.
func NewStatus() *http.Client {
	return retryablehttp.NewClient().StandardClient()
}

// steady waits the minimum every time.
func steady(min, max time.Duration, attempt int, resp *http.Response) time.Duration {
	return min
}

// NewSteady replaces DefaultBackoff with a function of its own that has
// no jitter either.
func NewSteady() *http.Client {
	rc := retryablehttp.NewClient()
	rc.Backoff = steady
	return rc.StandardClient()
}
