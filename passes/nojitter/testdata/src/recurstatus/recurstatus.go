// want package:`waits Session.follow Session.renew Session.request`

// Package recurstatus retries by calling itself from the cases of a
// switch on the response status.
package recurstatus

import (
	"bytes"
	"errors"
	"io"
	"net/http"
	"time"
)

type Bucket struct{ remaining int }

type Limiter struct{}

// Lock returns the bucket once it may be used again.
func (l *Limiter) Lock(b *Bucket) *Bucket { return b }

type Session struct {
	client  *http.Client
	limiter *Limiter
	max     int
	token   string
}

// request re-sends a 5xx at once, counting its attempts, and waits a fixed
// second before re-sending a 429.
func (s *Session) request(method, url string, b []byte, bucket *Bucket, sequence int) ([]byte, error) {
	req, err := http.NewRequest(method, url, bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	resp, err := s.client.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, err
	}
	switch resp.StatusCode {
	case http.StatusOK, http.StatusCreated:
		return body, nil
	case http.StatusInternalServerError:
		fallthrough
	case http.StatusBadGateway:
		if sequence < s.max {
			return s.request(method, url, b, s.limiter.Lock(bucket), sequence+1) // want `retry loop retries at once`
		}
		return nil, errors.New("too many attempts")
	case http.StatusTooManyRequests:
		time.Sleep(time.Second) // want `retry delay has no jitter`
		return s.request(method, url, b, bucket, sequence)
	}
	return nil, errors.New(resp.Status)
}

// Look-alikes.

// renew logs in again after a 401 and repeats once: a refresh, not a
// retry at once.
func (s *Session) renew(url string) ([]byte, error) {
	resp, err := s.client.Get(url)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	switch resp.StatusCode {
	case http.StatusUnauthorized:
		s.token = "renewed"
		return s.renew(url)
	}
	return io.ReadAll(resp.Body)
}

// follow goes to the location a redirect names: another request.
func (s *Session) follow(url string, hops int) ([]byte, error) {
	resp, err := s.client.Get(url)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	switch resp.StatusCode {
	case http.StatusMovedPermanently, http.StatusFound:
		if hops < 5 {
			return s.follow(resp.Header.Get("Location"), hops+1)
		}
	}
	return io.ReadAll(resp.Body)
}

type node struct {
	kind   int
	parent *node
}

// Parent returns the node above n.
func (n *node) Parent() *node { return n.parent }

// climb walks up a tree: a switch on a kind, not on a status.
func climb(n *node, depth int) int {
	switch n.kind {
	case 500:
		if depth < 10 {
			return climb(n.Parent(), depth+1)
		}
	}
	return depth
}
