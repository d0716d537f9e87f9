// Package gotokit holds a token client whose fetch retries with a goto
// back to a label, used by package gotosvc.
package gotokit

import (
	"context"
	"errors"
	"net/http"
	"time"
)

// Tokens fetches access tokens from an identity provider.
type Tokens struct {
	hc  *http.Client
	url string
}

// Fetch retries a failed fetch up to three more times.
func (t *Tokens) Fetch(ctx context.Context) (string, error) { // want Fetch:`retries\(attempts=4\)`
	n := 0
retry:
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, t.url, nil)
	if err != nil {
		return "", err
	}
	resp, err := t.hc.Do(req)
	if err != nil && n < 3 {
		n++
		time.Sleep(200 * time.Millisecond)
		goto retry
	}
	if err != nil {
		return "", err
	}
	resp.Body.Close()
	return "token", nil
}

// Cached reads a token once; its label is jumped to only to skip ahead,
// not back after a failure: it does not retry.
func (t *Tokens) Cached(ctx context.Context, have string) (string, error) {
	if have != "" {
		goto done
	}
	return t.url, errors.New("no token")
done:
	return have, nil
}
