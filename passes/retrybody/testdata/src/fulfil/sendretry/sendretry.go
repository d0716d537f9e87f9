// Package sendretry is the one HTTP retry the fulfilment services share.
package sendretry

import (
	"errors"
	"math/rand"
	"net/http"
	"time"
)

func pause(attempt int) time.Duration {
	d := time.Duration(attempt+1) * 250 * time.Millisecond
	return d/2 + time.Duration(rand.Int63n(int64(d/2)))
}

// Do sends req until it is answered below 500, three times at most.
func Do(hc *http.Client, req *http.Request) (*http.Response, error) {
	lastErr := errors.New("sendretry: no attempt")
	for attempt := 0; attempt < 3; attempt++ {
		resp, err := hc.Do(req)
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		if err == nil {
			resp.Body.Close()
			err = errors.New(resp.Status)
		}
		lastErr = err
		time.Sleep(pause(attempt))
	}
	return nil, lastErr
}

// Rewinding resets the body from GetBody before every attempt.
func Rewinding(hc *http.Client, req *http.Request) (*http.Response, error) {
	lastErr := errors.New("sendretry: no attempt")
	for attempt := 0; attempt < 3; attempt++ {
		if req.GetBody != nil {
			body, err := req.GetBody()
			if err != nil {
				return nil, err
			}
			req.Body = body
		}
		resp, err := hc.Do(req)
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		if err == nil {
			resp.Body.Close()
			err = errors.New(resp.Status)
		}
		lastErr = err
		time.Sleep(pause(attempt))
	}
	return nil, lastErr
}

// Transport sends through the shared retry.
type Transport struct{ HC *http.Client }

// Send hands the request to Do as it is.
func (t *Transport) Send(req *http.Request) (*http.Response, error) { return Do(t.HC, req) }
