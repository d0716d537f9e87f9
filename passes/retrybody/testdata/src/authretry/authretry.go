// Package authretry sends requests with a DPoP proof and sends them again,
// as a clone with a fresh nonce, when the server asks for one.
package authretry

import (
	"bytes"
	"errors"
	"net/http"
	"time"
)

type Session struct{ nonce string }

// Do clones the request for the next round: the same request, sent again,
// while the 401 response of the last round is left open.
func Do(c *http.Client, s *Session, req *http.Request) (*http.Response, error) {
	nonce := s.nonce
	for range 3 {
		req.Header.Set("DPoP", nonce)
		resp, err := c.Do(req) // want `response body is not closed when the attempt fails on its status`
		if err != nil {
			return nil, err
		}
		if resp.StatusCode != http.StatusUnauthorized || resp.Header.Get("WWW-Authenticate") == "" {
			return resp, nil
		}
		h := resp.Header.Get("DPoP-Nonce")
		if h == "" || h == nonce {
			return resp, nil
		}
		nonce = h
		retry := req.Clone(req.Context())
		if req.GetBody != nil {
			if retry.Body, err = req.GetBody(); err != nil {
				return nil, err
			}
		}
		req = retry
	}
	return nil, errors.New("out of retries")
}

// DoClosed closes the 401's body before it goes round.
func DoClosed(c *http.Client, s *Session, req *http.Request) (*http.Response, error) { // want DoClosed:`sends request parameter 2`
	nonce := s.nonce
	for range 3 {
		req.Header.Set("DPoP", nonce)
		resp, err := c.Do(req)
		if err != nil {
			return nil, err
		}
		if resp.StatusCode != http.StatusUnauthorized {
			return resp, nil
		}
		resp.Body.Close()
		nonce = resp.Header.Get("DPoP-Nonce")
		req = req.Clone(req.Context())
	}
	return nil, errors.New("out of retries")
}

func refreshToken(s *Session) (string, error) { return "", errors.New("no refresh token") }

// DoRefreshed refreshes the token after a 401, rewinds the body and sends
// again: the refresh's own check and the rewind's give up, they do not
// end the retries, and the 401 response is left open.
func DoRefreshed(c *http.Client, s *Session, req *http.Request) (*http.Response, error) {
	token := s.nonce
	for range 3 {
		req.Header.Set("Authorization", "Bearer "+token)
		resp, err := c.Do(req) // want `response body is not closed when the attempt fails on its status`
		if err != nil {
			return nil, err
		}
		if resp.StatusCode != http.StatusUnauthorized {
			return resp, nil
		}
		token, err = refreshToken(s)
		if err != nil {
			return nil, err
		}
		retry := req.Clone(req.Context())
		if req.GetBody != nil {
			retry.Body, err = req.GetBody()
			if err != nil {
				return nil, err
			}
		}
		req = retry
	}
	return nil, errors.New("still unauthorized")
}

// DoRefreshedClosed closes the 401 response before refreshing: no leak.
func DoRefreshedClosed(c *http.Client, s *Session, req *http.Request) (*http.Response, error) {
	token := s.nonce
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
		token, err = refreshToken(s)
		if err != nil {
			return nil, err
		}
		retry := req.Clone(req.Context())
		if req.GetBody != nil {
			retry.Body, err = req.GetBody()
			if err != nil {
				return nil, err
			}
		}
		req = retry
	}
	return nil, errors.New("still unauthorized")
}

// send retries through retryAfter, which waits and sends again; it does
// not rewind the body: the retries send it empty.
func send(c *http.Client, req *http.Request, retries int) (*http.Response, error) { // want send:`^sends request parameter 1$` send:`resends request parameter 1 in authretry.send`
	resp, err := c.Do(req) // want `request body is read to the end by the first attempt`
	if err != nil && retries > 0 {
		return retryAfter(c, req, retries)
	}
	return resp, err
}

func retryAfter(c *http.Client, req *http.Request, retries int) (*http.Response, error) { // want retryAfter:`^sends request parameter 1$` retryAfter:`resends request parameter 1 in authretry.send`
	time.Sleep(time.Second)
	return send(c, req, retries-1)
}

// sendRewound retries through a helper that resets the body from GetBody.
func sendRewound(c *http.Client, req *http.Request, retries int) (*http.Response, error) { // want sendRewound:`sends request parameter 1`
	resp, err := c.Do(req)
	if err != nil && retries > 0 {
		return retryRewound(c, req, err, retries)
	}
	return resp, err
}

func retryRewound(c *http.Client, req *http.Request, cause error, retries int) (*http.Response, error) {
	if req.GetBody != nil {
		body, err := req.GetBody()
		if err != nil {
			return nil, cause
		}
		req.Body = body
	}
	time.Sleep(time.Second)
	return sendRewound(c, req, retries-1)
}

// Post builds a POST with a body and sends it through both.
func Post(c *http.Client, url string, body []byte) {
	req, _ := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
	send(c, req, 3)
	req2, _ := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
	req2.GetBody = nil
	sendRewound(c, req2, 3)
}
