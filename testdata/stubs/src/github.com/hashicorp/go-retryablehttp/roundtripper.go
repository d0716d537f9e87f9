package retryablehttp

import "net/http"

// RoundTripper sends through Client, which retries.
type RoundTripper struct {
	Client *Client
}

func (rt *RoundTripper) RoundTrip(req *http.Request) (*http.Response, error) { return nil, nil }
