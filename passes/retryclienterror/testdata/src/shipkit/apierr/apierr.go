// Package apierr holds the status handling the carrier clients share.
package apierr

import (
	"fmt"
	"io"
	"net/http"
)

// Error is a response whose status is not 2xx.
type Error struct {
	Code int
	Body string
}

func (e *Error) Error() string { return fmt.Sprintf("status %d: %s", e.Code, e.Body) }

// OK reports whether code is a success.
func OK(code int) bool { return code >= 200 && code <= 299 }

// Transient reports whether a status may pass on another attempt.
func Transient(code int) bool { return code == http.StatusTooManyRequests || code >= 500 }

// FromResponse returns nil for a 2xx response; for any other status it
// closes the body and returns an *Error.
func FromResponse(resp *http.Response) error {
	if OK(resp.StatusCode) {
		return nil
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<10))
	return &Error{Code: resp.StatusCode, Body: string(b)}
}

// ServerFault returns an error only for 5xx responses.
func ServerFault(resp *http.Response) error {
	if resp.StatusCode >= 500 {
		return &Error{Code: resp.StatusCode}
	}
	return nil
}

// Discard closes a response's body.
func Discard(resp *http.Response) {
	if resp == nil {
		return
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
}
