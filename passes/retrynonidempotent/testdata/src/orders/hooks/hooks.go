// Package hooks registers webhooks with a partner API, retrying by
// calling itself after a pause.
package hooks

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/google/uuid"
)

type Registrar struct {
	hc   *http.Client
	base string
}

func pause(attempt int) time.Duration { return time.Duration(attempt+1) * 250 * time.Millisecond }

// register POSTs the hook; on a failure it waits and calls itself.
func (r *Registrar) register(ctx context.Context, body []byte, attempt int) error { // want register:`sends unkeyed POST \(retried=true\)`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, r.base+"/hooks", bytes.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := r.hc.Do(req) // want `POST request is retried without an Idempotency-Key header`
	if err != nil || resp.StatusCode >= 500 {
		if attempt >= 4 {
			return fmt.Errorf("register hook: %w", err)
		}
		time.Sleep(pause(attempt))
		return r.register(ctx, body, attempt+1)
	}
	return resp.Body.Close()
}

// registerKeyed takes a key its caller made once: every attempt sends it.
func (r *Registrar) registerKeyed(ctx context.Context, key string, body []byte, attempt int) error { // want registerKeyed:`sends POST keyed by param 1`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, r.base+"/hooks", bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", key)
	resp, err := r.hc.Do(req)
	if err != nil {
		if attempt >= 4 {
			return err
		}
		time.Sleep(pause(attempt))
		return r.registerKeyed(ctx, key, body, attempt+1)
	}
	return resp.Body.Close()
}

// registerFresh makes its key in the body it runs again.
func (r *Registrar) registerFresh(ctx context.Context, body []byte, attempt int) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, r.base+"/hooks", bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", uuid.NewString()) // want `Idempotency-Key key is generated on every attempt`
	resp, err := r.hc.Do(req)
	if err != nil {
		if attempt >= 4 {
			return err
		}
		time.Sleep(pause(attempt))
		return r.registerFresh(ctx, body, attempt+1)
	}
	return resp.Body.Close()
}

// registerThrottled calls itself only after a 429: the server refused the
// request without processing it.
func (r *Registrar) registerThrottled(ctx context.Context, body []byte, attempt int) error { // want registerThrottled:`sends unkeyed POST \(retried=false\)`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, r.base+"/hooks", bytes.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := r.hc.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode == http.StatusTooManyRequests && attempt < 5 {
		time.Sleep(pause(attempt))
		return r.registerThrottled(ctx, body, attempt+1)
	}
	return nil
}

// confirm polls the hook's status with GET, calling itself while it is
// pending; the POST that acknowledges it runs once, after the poll.
func (r *Registrar) confirm(ctx context.Context, id string, attempt int) error { // want confirm:`sends unkeyed POST \(retried=false\)`
	resp, err := r.hc.Get(r.base + "/hooks/" + id)
	if err != nil {
		if attempt >= 10 {
			return err
		}
		time.Sleep(pause(attempt))
		return r.confirm(ctx, id, attempt+1)
	}
	resp.Body.Close()
	ack, err := r.hc.Post(r.base+"/hooks/"+id+"/ack", "application/json", nil)
	if err != nil {
		return err
	}
	return ack.Body.Close()
}

// registerAll walks the pages of a list, calling itself with the next
// one: a walk, not a retry.
func (r *Registrar) registerAll(ctx context.Context, pages [][]byte) error { // want registerAll:`sends unkeyed POST \(retried=false\)`
	if len(pages) == 0 {
		return nil
	}
	resp, err := r.hc.Post(r.base+"/hooks", "application/json", bytes.NewReader(pages[0]))
	if err != nil {
		return err
	}
	resp.Body.Close()
	time.Sleep(100 * time.Millisecond)
	return r.registerAll(ctx, pages[1:])
}

// send re-sends a 5xx by calling itself from a case of a switch on the
// status, with the method its caller names.
func (r *Registrar) send(ctx context.Context, method, path string, body []byte, attempt int) error { // want send:`sends unkeyed param 1 \(retried=true\)`
	req, err := http.NewRequestWithContext(ctx, method, r.base+path, bytes.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := r.hc.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	switch resp.StatusCode {
	case http.StatusOK:
		return nil
	case http.StatusBadGateway, http.StatusGatewayTimeout:
		if attempt < 3 {
			return r.send(ctx, method, path, body, attempt+1)
		}
	}
	return fmt.Errorf("send: %s", resp.Status)
}

// Create POSTs through send: a 504 after the hook was stored creates it
// twice.
func (r *Registrar) Create(ctx context.Context, body []byte) error { // want Create:`sends unkeyed POST \(retried=true\)`
	return r.send(ctx, http.MethodPost, "/hooks", body, 0) // want `POST request is sent through send, which retries it`
}

// sendThrottled re-sends only a 429 from its switch: the server refused
// the request without processing it.
func (r *Registrar) sendThrottled(ctx context.Context, method, path string, body []byte, attempt int) error { // want sendThrottled:`sends unkeyed param 1 \(retried=false\)`
	req, err := http.NewRequestWithContext(ctx, method, r.base+path, bytes.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := r.hc.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	switch resp.StatusCode {
	case http.StatusOK:
		return nil
	case http.StatusTooManyRequests:
		if attempt < 3 {
			time.Sleep(pause(attempt))
			return r.sendThrottled(ctx, method, path, body, attempt+1)
		}
	}
	return fmt.Errorf("send: %s", resp.Status)
}

// CreateThrottled POSTs through sendThrottled.
func (r *Registrar) CreateThrottled(ctx context.Context, body []byte) error { // want CreateThrottled:`sends unkeyed POST \(retried=false\)`
	return r.sendThrottled(ctx, http.MethodPost, "/hooks", body, 0)
}
