// Package walkloops holds header maps, option structs, keys and requests
// held in locals assigned from each other: reading where each comes from
// must stop at a local it is already reading.
package walkloops

import (
	"bytes"
	"context"
	"net/http"
	"strconv"
	"time"
)

// Six header maps rotated every way: read along every order of the
// locals, the walk took half a minute and gave up, counting the map as
// one that may hold a key.
func HeaderRotation(c *http.Client) error { // want HeaderRotation:`sends unkeyed POST \(retried=true\)`
	a, b, d, e, f, g := http.Header{}, http.Header{}, http.Header{}, http.Header{}, http.Header{}, http.Header{}
	a, b, d, e, f, g = b, d, e, f, g, a
	a, b, d, e, f, g = d, e, f, g, a, b
	a, b, d, e, f, g = e, f, g, a, b, d
	a, b, d, e, f, g = f, g, a, b, d, e
	a, b, d, e, f, g = g, a, b, d, e, f
	a, b, d, e, f, g = b, a, e, d, g, f
	for i := 0; i < 3; i++ {
		req, _ := http.NewRequest("POST", "https://api.example.com/charge", bytes.NewReader(nil))
		req.Header = a
		resp, err := c.Do(req) // want `POST request is retried without an Idempotency-Key header`
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	_, _, _, _, _ = b, d, e, f, g
	return nil
}

// Both maps carry the key, whichever way they are swapped.
func KeyedSwap(c *http.Client, key string) error {
	h := http.Header{}
	h.Set("Idempotency-Key", key)
	g := h
	h, g = g, h
	for i := 0; i < 3; i++ {
		req, _ := http.NewRequest("POST", "https://api.example.com/charge", bytes.NewReader(nil))
		req.Header = h
		resp, err := c.Do(req)
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	_ = g
	return nil
}

type options struct {
	Headers http.Header
}

// Two option structs swapped: neither header map holds a key.
func OptionsSwap(c *http.Client) error { // want OptionsSwap:`sends unkeyed POST \(retried=true\)`
	o := options{Headers: http.Header{}}
	p := o
	o, p = p, o
	for i := 0; i < 3; i++ {
		req, _ := http.NewRequest("POST", "https://api.example.com/charge", bytes.NewReader(nil))
		req.Header = o.Headers
		resp, err := c.Do(req) // want `POST request is retried without an Idempotency-Key header`
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	_ = p
	return nil
}

// The key is made once, before the retry, and grows from itself: one key
// per operation.
func KeyFromItself(c *http.Client) error {
	key := strconv.FormatInt(time.Now().UnixNano(), 10)
	key = "op-" + key
	for i := 0; i < 3; i++ {
		req, _ := http.NewRequest("POST", "https://api.example.com/charge", bytes.NewReader(nil))
		req.Header.Set("Idempotency-Key", key)
		resp, err := c.Do(req)
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	return nil
}

// send hands its caller's request, through two swapped locals, to Do.
func send(ctx context.Context, c *http.Client, req *http.Request) (*http.Response, error) { // want send:`sends request param 2 \(keyed=false retried=false\)`
	r := req.WithContext(ctx)
	r, req = req, r
	return c.Do(r)
}

func SendLoop(ctx context.Context, c *http.Client) error { // want SendLoop:`sends unkeyed POST \(retried=true\)`
	for i := 0; i < 3; i++ {
		req, _ := http.NewRequest("POST", "https://api.example.com/charge", bytes.NewReader(nil))
		resp, err := send(ctx, c, req) // want `POST request is retried without an Idempotency-Key header`
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	return nil
}
