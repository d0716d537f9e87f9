// Package rhttpreturned returns the clients it builds, and uses them
// itself: a caller of the package that leaves Backoff alone keeps the
// default, and the client is reported where it is built.
package rhttpreturned

import (
	"net/http"
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

var settings struct{ RetryMax int }

// Retrying is used below as it is built.
func Retrying() *retryablehttp.Client {
	client := retryablehttp.NewClient() // want `retryablehttp.NewClient\(\) keeps DefaultBackoff, which has no jitter`
	client.RetryWaitMin = time.Second
	client.RetryMax = settings.RetryMax
	return client
}

func Post(url string) (*http.Response, error) {
	req, err := retryablehttp.NewRequest(http.MethodPost, url, nil)
	if err != nil {
		return nil, err
	}
	client := Retrying()
	return client.Do(req)
}

// Jittered's one caller in the package sets the backoff.
func Jittered() *retryablehttp.Client {
	client := retryablehttp.NewClient()
	client.RetryMax = 3
	return client
}

func Get(url string) (*http.Response, error) {
	client := Jittered()
	client.Backoff = retryablehttp.LinearJitterBackoff
	return client.Get(url)
}
