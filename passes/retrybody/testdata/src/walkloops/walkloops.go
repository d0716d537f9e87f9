// Package walkloops holds requests kept in locals assigned from each
// other: following a request back to where it was built must stop at a
// local it is already following.
package walkloops

import (
	"bytes"
	"context"
	"net/http"
	"time"
)

// The request and its copy swapped: both share the body built before the
// retry.
func swapped(ctx context.Context, c *http.Client, payload []byte) error {
	req, _ := http.NewRequest(http.MethodPost, "http://x", bytes.NewReader(payload))
	cp := req.WithContext(ctx)
	req, cp = cp, req
	for i := 0; i < 3; i++ {
		resp, err := c.Do(req) // want `request body is read to the end by the first attempt, so the retries send it empty`
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	_ = cp
	return nil
}

// Built on each attempt, then swapped with its copy: each attempt sends a
// fresh body.
func swappedInside(ctx context.Context, c *http.Client, payload []byte) error {
	for i := 0; i < 3; i++ {
		req, _ := http.NewRequest(http.MethodPost, "http://x", bytes.NewReader(payload))
		cp := req.WithContext(ctx)
		req, cp = cp, req
		resp, err := c.Do(req)
		if err == nil {
			resp.Body.Close()
			return nil
		}
		_ = cp
		time.Sleep(time.Second)
	}
	return nil
}

// Each request defined as a copy of the other, and of itself: the copies
// share the body built before the retry.
func copiedFromEachOther(ctx context.Context, c *http.Client, payload []byte) error {
	req, _ := http.NewRequest(http.MethodPost, "http://x", bytes.NewReader(payload))
	cp := req.Clone(ctx)
	req = req.WithContext(ctx)
	req, cp = cp.WithContext(ctx), req.Clone(ctx)
	for i := 0; i < 3; i++ {
		resp, err := c.Do(req) // want `request body is read to the end`
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	_ = cp
	return nil
}
