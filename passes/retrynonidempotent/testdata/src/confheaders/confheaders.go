// Package confheaders adds the headers of its configuration to every
// request. Loaded once, they are the same for every request the process
// sends: no key that tells one operation from another. Headers a caller
// hands in with each request may hold one.
package confheaders

import (
	"bytes"
	"net/http"
	"strings"
	"time"
)

type Header struct {
	URL, Key, Value string
}

type Config struct {
	Headers []Header
}

var config Config

func addHeaders(req *http.Request, url string) {
	for idx := range config.Headers {
		h := &config.Headers[idx]
		if h.URL == "" || strings.HasPrefix(url, h.URL) {
			req.Header.Set(h.Key, h.Value)
		}
	}
}

func Post(url string, body []byte) (*http.Response, error) { // want Post:`sends unkeyed POST \(retried=true\)`
	var lastErr error
	for attempt := 0; attempt < 3; attempt++ {
		req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
		if err != nil {
			return nil, err
		}
		addHeaders(req, url)
		resp, err := http.DefaultClient.Do(req) // want `POST request is retried without an Idempotency-Key header`
		if err == nil {
			return resp, nil
		}
		lastErr = err
		time.Sleep(time.Second)
	}
	return nil, lastErr
}

// PostWith sets the headers its caller hands in: one may be the key.
func PostWith(url string, body []byte, extra map[string]string) (*http.Response, error) { // want PostWith:`sends unkeyed POST \(retried=true\) unless headers \[2\] hold a key`
	var lastErr error
	for attempt := 0; attempt < 3; attempt++ {
		req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
		if err != nil {
			return nil, err
		}
		for k, v := range extra {
			req.Header.Set(k, v)
		}
		resp, err := http.DefaultClient.Do(req)
		if err == nil {
			return resp, nil
		}
		lastErr = err
		time.Sleep(time.Second)
	}
	return nil, lastErr
}
