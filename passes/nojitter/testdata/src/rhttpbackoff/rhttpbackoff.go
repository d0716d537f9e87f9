// Package rhttpbackoff replaces go-retryablehttp's DefaultBackoff with
// functions of its own: judged by the delay they return, where Backoff is
// set.
package rhttpbackoff

import (
	"math/rand/v2"
	"net/http"
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

// fixed waits the minimum every time.
func fixed(min, max time.Duration, attempt int, resp *http.Response) time.Duration { // want fixed:`delay\(random=false capped=false grows=false\)`
	return min
}

// Fixed sets a declared function with no random part.
func Fixed() *http.Client {
	c := retryablehttp.NewClient()
	c.Backoff = fixed // want `retryablehttp's Backoff fixed has no jitter`
	return c.StandardClient()
}

// Doubling sets a literal that doubles without a cap.
func Doubling() *http.Client {
	c := retryablehttp.NewClient()
	c.Backoff = func(min, max time.Duration, attempt int, resp *http.Response) time.Duration { // want `retryablehttp's Backoff function literal grows without a cap and has no jitter`
		return min << attempt
	}
	return c.StandardClient()
}

// Literal sets it in the client literal.
func Literal() *retryablehttp.Client {
	return &retryablehttp.Client{RetryMax: 3, Backoff: fixed} // want `retryablehttp's Backoff fixed has no jitter`
}

// --- silent ---

func spread(min, max time.Duration, attempt int, resp *http.Response) time.Duration { // want spread:`delay\(random=true capped=false grows=false\)`
	return min + rand.N(max-min)
}

// Spread sets a jittered function of its own.
func Spread() *http.Client {
	c := retryablehttp.NewClient()
	c.Backoff = spread
	return c.StandardClient()
}

// Logged wraps the library's jittered backoff.
func Logged() *http.Client {
	c := retryablehttp.NewClient()
	c.Backoff = func(min, max time.Duration, attempt int, resp *http.Response) time.Duration {
		d := retryablehttp.LinearJitterBackoff(min, max, attempt, resp)
		return d
	}
	return c.StandardClient()
}

// Linear sets the library's own.
func Linear() *http.Client {
	c := retryablehttp.NewClient()
	c.Backoff = retryablehttp.LinearJitterBackoff
	return c.StandardClient()
}
