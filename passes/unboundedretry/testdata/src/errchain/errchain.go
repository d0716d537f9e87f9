// Package errchain walks error chains: a loop whose only call returns the
// error an error wraps (Unwrap() error, Cause() error) sends nothing and
// retries nothing.
package errchain

import (
	"errors"
	"net/http"
)

type statusCoded interface {
	error
	StatusCode() int
}

type causer interface{ Cause() error }

// statusOf walks the chain through pkg/errors' Cause.
func statusOf(err error) (code int) {
	code = http.StatusInternalServerError
	for err != nil {
		var sc statusCoded
		if errors.As(err, &sc) {
			return sc.StatusCode()
		}
		var c causer
		if !errors.As(err, &c) {
			break
		}
		err = c.Cause()
	}
	return code
}

type wrapped struct{ inner error }

func (w *wrapped) Error() string { return "wrapped: " + w.inner.Error() }
func (w *wrapped) Unwrap() error { return w.inner }

// depth walks the chain through Unwrap methods.
func depth(w *wrapped) int {
	n := 0
	var err error = w
	for err != nil {
		n++
		u, ok := err.(interface{ Unwrap() error })
		if !ok {
			break
		}
		err = u.Unwrap()
	}
	return n
}

type fetcher interface{ Fetch() error }

// fetchUntil fetches again while the fetch fails: a retry loop.
func fetchUntil(f fetcher) {
	err := f.Fetch()
	for err != nil { // want `retry loop can run forever`
		err = f.Fetch()
	}
}
