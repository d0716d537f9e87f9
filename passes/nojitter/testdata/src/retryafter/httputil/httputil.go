// Package httputil holds the service's HTTP helpers.
package httputil

import (
	"net/http"
	"strconv"
	"time"
)

// RetryAfter returns the wait the server asked for, or 0.
func RetryAfter(resp *http.Response) time.Duration { // want RetryAfter:`delay\(server's Retry-After\)`
	if resp == nil {
		return 0
	}
	secs, err := strconv.Atoi(resp.Header.Get("Retry-After"))
	if err != nil || secs <= 0 {
		return 0
	}
	return time.Duration(secs) * time.Second
}

// RetryAfterOr returns the wait the server asked for, or fallback.
func RetryAfterOr(resp *http.Response, fallback time.Duration) time.Duration { // want RetryAfterOr:`delay\(random=false capped=false grows=false\) or the server.s Retry-After`
	if resp != nil {
		if secs, err := strconv.Atoi(resp.Header.Get("Retry-After")); err == nil && secs > 0 {
			return time.Duration(secs) * time.Second
		}
	}
	return fallback
}
