// Package opsink retries a call of an interface method. Where the
// program holds one implementation, the call is a call of it (RULES.md,
// "Across function boundaries"); with several, it is opaque.
package opsink

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"time"
)

// Sink has one implementation in the program: HTTPSink.
type Sink interface {
	Send(ctx context.Context, body []byte) error // want Send:`sends unkeyed POST \(retried=false\)`
}

type HTTPSink struct {
	url    string
	client *http.Client
}

func (s *HTTPSink) Send(ctx context.Context, body []byte) error { // want Send:`sends unkeyed POST \(retried=false\)`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.url, bytes.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := s.client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 500 {
		return fmt.Errorf("status %d", resp.StatusCode)
	}
	return nil
}

type Emitter struct{ sink Sink }

func (e *Emitter) Emit(ctx context.Context, body []byte) error { // want Emit:`sends unkeyed POST \(retried=true\)`
	var last error
	for range 3 {
		if err := e.sink.Send(ctx, body); err != nil { // want `POST request is retried without an Idempotency-Key header`
			last = err
			time.Sleep(100 * time.Millisecond)
			continue
		}
		return nil
	}
	return last
}

// Notifier has two implementations that send: which one runs cannot be
// pinned down here, so its calls are opaque.
type Notifier interface {
	Notify(ctx context.Context, msg string) error
}

type Hook struct{ url string }

func (h Hook) Notify(ctx context.Context, msg string) error { // want Notify:`sends unkeyed POST \(retried=false\)`
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, h.url, bytes.NewBufferString(msg))
	_, err := http.DefaultClient.Do(req)
	return err
}

type Chat struct{ url string }

func (c Chat) Notify(ctx context.Context, msg string) error { // want Notify:`sends unkeyed POST \(retried=false\)`
	_, err := http.Post(c.url, "text/plain", bytes.NewBufferString(msg))
	return err
}

func Announce(ctx context.Context, n Notifier, msg string) error {
	var err error
	for range 3 {
		if err = n.Notify(ctx, msg); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Keyed has one implementation, which sends its key on every attempt.
type Keyed interface {
	Charge(ctx context.Context, key string) error // want Charge:`sends POST keyed by param 1`
}

type Gateway struct{ url string }

func (g *Gateway) Charge(ctx context.Context, key string) error { // want Charge:`sends POST keyed by param 1`
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, g.url, nil)
	req.Header.Set("Idempotency-Key", key)
	_, err := http.DefaultClient.Do(req)
	return err
}

func Pay(ctx context.Context, k Keyed, key string) error {
	var err error
	for range 3 {
		if err = k.Charge(ctx, key); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
