// Package optionsbody sends requests described by an options struct that
// carries the body reader. A retry that hands every attempt the same
// options sends the same reader again, empty after the first attempt;
// one that sets the reader anew in each attempt is fine, as is one whose
// callers never give it a body.
package optionsbody

import (
	"bytes"
	"errors"
	"io"
	"net/http"
	"time"
)

type Options struct {
	Method string
	URL    string
	Body   io.Reader
}

// do builds its request around o.Body and sends it.
func do(o Options) (int, error) { // want do:`sends the body in field Body of parameter 0`
	req, err := http.NewRequest(o.Method, o.URL, o.Body)
	if err != nil {
		return 0, err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	return resp.StatusCode, nil
}

// check hands its options on to do.
func check(o Options, want int) error { // want check:`sends the body in field Body of parameter 0`
	code, err := do(o)
	if err != nil {
		return err
	}
	if code != want {
		return errors.New("unexpected status")
	}
	return nil
}

// RetryWithOptions sends what its caller put in o on every attempt.
func RetryWithOptions(o Options, want int) error { // want RetryWithOptions:`sends the body in field Body of parameter 0`
	var err error
	for i := 0; i < 3; i++ {
		if err = check(o, want); err == nil { // want `request body is read to the end by the first attempt`
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Post gives RetryWithOptions a body.
func Post(url string, b []byte) error {
	o := Options{Method: http.MethodPost, URL: url, Body: bytes.NewReader(b)}
	return RetryWithOptions(o, http.StatusCreated)
}

// RetryRebuilt reads the body once and gives each attempt a new reader.
func RetryRebuilt(o Options, want int) error { // want RetryRebuilt:`sends the body in field Body of parameter 0`
	data, err := io.ReadAll(o.Body)
	if err != nil {
		return err
	}
	for i := 0; i < 3; i++ {
		o.Body = bytes.NewReader(data)
		if err = check(o, want); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// PostRebuilt gives RetryRebuilt a body too.
func PostRebuilt(url string, b []byte) error {
	return RetryRebuilt(Options{Method: http.MethodPost, URL: url, Body: bytes.NewReader(b)}, http.StatusCreated)
}

// Probe is only ever called without a body.
func Probe(o Options) error { // want Probe:`sends the body in field Body of parameter 0`
	var err error
	for i := 0; i < 3; i++ {
		if err = check(o, http.StatusOK); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Health gives Probe no body.
func Health(url string) error {
	return Probe(Options{Method: http.MethodGet, URL: url})
}

// RetryBuiltHere makes its options once, with a reader, before the loop.
func RetryBuiltHere(url string, b []byte) error {
	o := Options{Method: http.MethodPut, URL: url, Body: bytes.NewReader(b)}
	var err error
	for i := 0; i < 3; i++ {
		if err = check(o, http.StatusOK); err == nil { // want `request body is read to the end by the first attempt`
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
