// Package sinkstatus retries calls of interface methods whose one
// implementation in the program decides which statuses fail.
package sinkstatus

import (
	"context"
	"fmt"
	"net/http"
	"time"
)

// Sink's one implementation fails on every status from 400 up.
type Sink interface {
	Send(ctx context.Context) error
}

type HTTPSink struct{ url string }

func (s *HTTPSink) Send(ctx context.Context) error {
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, s.url, nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 400 {
		return fmt.Errorf("status %d", resp.StatusCode)
	}
	return nil
}

func Emit(ctx context.Context, s Sink) error {
	var err error
	for range 3 {
		if err = s.Send(ctx); err == nil { // want `retry on any non-success status also retries 4xx responses`
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Probe's one implementation fails only on 5xx: a 4xx is returned as
// success and never retried.
type Probe interface {
	Check(ctx context.Context) error
}

type HTTPProbe struct{ url string }

func (p HTTPProbe) Check(ctx context.Context) error {
	resp, err := http.Get(p.url)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 500 {
		return fmt.Errorf("status %d", resp.StatusCode)
	}
	return nil
}

func Watch(ctx context.Context, p Probe) error {
	var err error
	for range 3 {
		if err = p.Check(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second) // want `retry on 429 or 503 ignores the Retry-After header`
	}
	return err
}
