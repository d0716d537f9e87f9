// Package authrenew sends requests again at once after renewing what a 401 // want package:`waits Do Hammer`
// said was stale, and, as a hazard, after a server error.
package authrenew

import (
	"errors"
	"net/http"
)

type Session struct{ token string }

func (s *Session) Refresh() (string, error) { return "fresh", nil }

// Do goes round only on a 401, after renewing the token: an immediate
// retry is the fix, not a storm.
func Do(c *http.Client, s *Session, req *http.Request) (*http.Response, error) {
	token := s.token
	for range 3 {
		req.Header.Set("Authorization", "Bearer "+token)
		resp, err := c.Do(req)
		if err != nil {
			return nil, err
		}
		if resp.StatusCode != http.StatusUnauthorized {
			return resp, nil
		}
		resp.Body.Close()
		if token, err = s.Refresh(); err != nil {
			return nil, err
		}
		req = req.Clone(req.Context())
	}
	return nil, errors.New("out of retries")
}

// Hammer goes round at once on any 5xx.
func Hammer(c *http.Client, req *http.Request) (*http.Response, error) {
	for range 3 { // want `retry loop retries at once`
		resp, err := c.Do(req)
		if err != nil {
			return nil, err
		}
		if resp.StatusCode < 500 {
			return resp, nil
		}
		resp.Body.Close()
		req = req.Clone(req.Context())
	}
	return nil, errors.New("out of retries")
}
