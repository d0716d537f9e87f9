// Package gotoretry holds an invoice uploader whose retries are written
// with a goto back to a label.
package gotoretry

import (
	"bytes"
	"context"
	"net/http"
	"time"

	"invoicing/reqs"
)

type Uploader struct {
	hc  *http.Client
	url string
}

// Upload builds the request once, then each goto attempt sends it again:
// its body was read to the end by the first.
func (u *Uploader) Upload(ctx context.Context, inv []byte) error {
	req, err := reqs.New(ctx, http.MethodPut, u.url, bytes.NewReader(inv))
	if err != nil {
		return err
	}
	tries := 0
send:
	resp, err := u.hc.Do(req) // want `request body is read to the end by the first attempt`
	if err != nil && tries < 3 {
		tries++
		time.Sleep(time.Second)
		goto send
	}
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Replace builds the request after the label: every attempt sends a fresh
// body.
func (u *Uploader) Replace(ctx context.Context, inv []byte) error {
	tries := 0
send:
	req, err := reqs.New(ctx, http.MethodPut, u.url, bytes.NewReader(inv))
	if err != nil {
		return err
	}
	resp, err := u.hc.Do(req)
	if err != nil && tries < 3 {
		tries++
		time.Sleep(time.Second)
		goto send
	}
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Status leaves a failed response open when it goes back to the label.
func (u *Uploader) Status(ctx context.Context) error {
	tries := 0
poll:
	resp, err := u.hc.Get(u.url) // want `response body is not closed when the attempt fails on its status`
	if err != nil {
		return err
	}
	if resp.StatusCode != http.StatusOK && tries < 5 {
		tries++
		time.Sleep(time.Second)
		goto poll
	}
	return resp.Body.Close()
}

// Rewound gives every goto attempt the body from GetBody.
func (u *Uploader) Rewound(ctx context.Context, inv []byte) error {
	req, err := reqs.New(ctx, http.MethodPut, u.url, bytes.NewReader(inv))
	if err != nil {
		return err
	}
	tries := 0
send:
	if tries > 0 {
		if req.Body, err = req.GetBody(); err != nil {
			return err
		}
	}
	resp, err := u.hc.Do(req)
	if err != nil && tries < 3 {
		tries++
		time.Sleep(time.Second)
		goto send
	}
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
