// Package retryutil decides which gateway errors are worth another try.
package retryutil

import (
	"errors"
	"net/http"

	"paygate/api"
)

// IsRetryable retries network errors, 5xx and 429.
func IsRetryable(err error) bool {
	var apiErr *api.Error
	if errors.As(err, &apiErr) {
		return apiErr.StatusCode >= 500 || apiErr.StatusCode == http.StatusTooManyRequests || apiErr.StatusCode == http.StatusRequestTimeout
	}
	return true
}

// Temporary treats every gateway error as passing: 4xx included.
func Temporary(err error) bool {
	var apiErr *api.Error
	if errors.As(err, &apiErr) {
		return apiErr.StatusCode >= 400
	}
	return false
}

// Transient asks the error's type by assertion: only 5xx go round.
func Transient(err error) bool {
	if e, ok := err.(*api.Error); ok && e.StatusCode >= 500 {
		return true
	}
	return false
}

// Unknown reads nothing the status decides: no fact.
func Unknown(err error) bool {
	return errors.Is(err, http.ErrHandlerTimeout)
}

// Class is what to do with a failed call.
type Class int

const (
	Permanent Class = iota
	Retry
	Backoff
)

// Classify gives every gateway error a class: 5xx are retried, 429 backs
// off, the rest is permanent.
func Classify(err error) Class {
	var apiErr *api.Error
	if !errors.As(err, &apiErr) {
		return Retry
	}
	switch {
	case apiErr.StatusCode == http.StatusTooManyRequests:
		return Backoff
	case apiErr.StatusCode >= 500:
		return Retry
	}
	return Permanent
}

// Sort files every gateway error under Retry but 501.
func Sort(err error) Class {
	var apiErr *api.Error
	if errors.As(err, &apiErr) && apiErr.StatusCode == http.StatusNotImplemented {
		return Permanent
	}
	return Retry
}

// Group files errors by what they wrap, not by status: nothing to read.
func Group(err error) Class {
	if errors.Is(err, http.ErrHandlerTimeout) {
		return Retry
	}
	return Class(len(err.Error()) % 3)
}
