// Package gotopost calls webhooks and retries with a goto back to a
// label, from a transport error and from a 5xx.
package gotopost

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"
)

type Webhook struct{ URL string }

// Notify sends the POST again after a transport error or a 5xx: the
// receiver may have acted on the first.
func (w *Webhook) Notify(ctx context.Context, client *http.Client, body []byte) error { // want Notify:`sends unkeyed POST \(retried=true\)`
	retries := 1
retry:
	req, err := http.NewRequestWithContext(ctx, "POST", w.URL, bytes.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := client.Do(req) // want `POST request is retried without an Idempotency-Key header by this goto retry`
	if err != nil {
		if errors.Is(err, context.DeadlineExceeded) {
			return err
		} else if retries > 0 {
			retries--
			time.Sleep(time.Second)
			goto retry
		}
		return err
	}
	resp.Body.Close()
	if resp.StatusCode >= 500 && retries > 0 {
		retries--
		time.Sleep(time.Second)
		goto retry
	}
	if resp.StatusCode >= 400 {
		return fmt.Errorf("webhook answered %d", resp.StatusCode)
	}
	return nil
}

// NotifyKeyed sends one key on every attempt.
func (w *Webhook) NotifyKeyed(ctx context.Context, client *http.Client, body []byte, key string) error { // want NotifyKeyed:`sends POST keyed by param 3`
	retries := 1
retry:
	req, err := http.NewRequestWithContext(ctx, "POST", w.URL, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", key)
	resp, err := client.Do(req)
	if err != nil {
		if retries > 0 {
			retries--
			time.Sleep(time.Second)
			goto retry
		}
		return err
	}
	resp.Body.Close()
	if resp.StatusCode >= 500 && retries > 0 {
		retries--
		time.Sleep(time.Second)
		goto retry
	}
	return nil
}

// Fetch retries a GET, which is idempotent.
func (w *Webhook) Fetch(ctx context.Context, client *http.Client) error {
	retries := 1
retry:
	req, err := http.NewRequestWithContext(ctx, "GET", w.URL, nil)
	if err != nil {
		return err
	}
	resp, err := client.Do(req)
	if err != nil && retries > 0 {
		retries--
		time.Sleep(time.Second)
		goto retry
	}
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// NotifyAfterCheck sends the POST after the goto retry has ended: only
// the health check is retried.
func (w *Webhook) NotifyAfterCheck(ctx context.Context, client *http.Client, ping func() error, body []byte) error { // want NotifyAfterCheck:`sends unkeyed POST \(retried=false\)`
	retries := 3
retry:
	if err := ping(); err != nil && retries > 0 {
		retries--
		time.Sleep(time.Second)
		goto retry
	}
	resp, err := client.Post(w.URL, "application/json", bytes.NewReader(body))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
