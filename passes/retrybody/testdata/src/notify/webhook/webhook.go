// Package webhook delivers event notifications to subscriber endpoints;
// a failed delivery is tried again by calling the delivery once more.
package webhook

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math/rand"
	"net/http"
	"time"
)

const maxAttempts = 5

type Dispatcher struct {
	hc *http.Client
}

func backoff(attempt int) time.Duration {
	d := time.Duration(1<<attempt) * 100 * time.Millisecond
	return d/2 + time.Duration(rand.Int63n(int64(d/2)))
}

// Deliver sends the reader it was given, and on a failure calls itself
// with the same reader, which the first attempt read to the end.
func (d *Dispatcher) Deliver(ctx context.Context, url string, body io.Reader, attempt int) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, url, body)
	if err != nil {
		return err
	}
	resp, err := d.hc.Do(req) // want `request body is read to the end by the first attempt`
	if err != nil {
		if attempt+1 >= maxAttempts {
			return err
		}
		time.Sleep(backoff(attempt))
		return d.Deliver(ctx, url, body, attempt+1)
	}
	return resp.Body.Close()
}

// DeliverBytes makes a new reader over the payload on every call.
func (d *Dispatcher) DeliverBytes(ctx context.Context, url string, payload []byte, attempt int) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, url, bytes.NewReader(payload))
	if err != nil {
		return err
	}
	resp, err := d.hc.Do(req)
	if err != nil {
		if attempt+1 >= maxAttempts {
			return err
		}
		time.Sleep(backoff(attempt))
		return d.DeliverBytes(ctx, url, payload, attempt+1)
	}
	return resp.Body.Close()
}

// Later schedules the next attempt with time.AfterFunc, handing it the
// same drained reader.
func (d *Dispatcher) Later(ctx context.Context, url string, body io.Reader, attempt int) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, url, body)
	if err != nil {
		return
	}
	resp, err := d.hc.Do(req) // want `request body is read to the end by the first attempt`
	if err == nil {
		resp.Body.Close()
		return
	}
	if attempt+1 < maxAttempts {
		time.AfterFunc(backoff(attempt), func() { d.Later(ctx, url, body, attempt+1) })
	}
}

// Background retries in a goroutine with a fresh reader per attempt.
func (d *Dispatcher) Background(ctx context.Context, url string, payload []byte, attempt int) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, url, bytes.NewReader(payload))
	if err != nil {
		return
	}
	resp, err := d.hc.Do(req)
	if err == nil {
		resp.Body.Close()
		return
	}
	if attempt+1 < maxAttempts {
		go func() {
			time.Sleep(backoff(attempt))
			d.Background(ctx, url, payload, attempt+1)
		}()
	}
}

// Fanout hands the reader to the next endpoint when one fails: a walk
// over the endpoints, not a retry of one.
func (d *Dispatcher) Fanout(ctx context.Context, urls []string, body io.Reader) error {
	if len(urls) == 0 {
		return fmt.Errorf("webhook: no endpoint took the event")
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, urls[0], body)
	if err != nil {
		return err
	}
	resp, err := d.hc.Do(req)
	if err != nil {
		time.Sleep(backoff(0))
		return d.Fanout(ctx, urls[1:], body)
	}
	return resp.Body.Close()
}

// Ping retries a 5xx without closing the failed response.
func (d *Dispatcher) Ping(ctx context.Context, url string, attempt int) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := d.hc.Do(req) // want `response body is not closed when the attempt fails on its status`
	if err != nil {
		return err
	}
	if resp.StatusCode >= 500 && attempt+1 < maxAttempts {
		time.Sleep(backoff(attempt))
		return d.Ping(ctx, url, attempt+1)
	}
	return resp.Body.Close()
}

// Probe closes the failed response before it tries again.
func (d *Dispatcher) Probe(ctx context.Context, url string, attempt int) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := d.hc.Do(req)
	if err != nil {
		return err
	}
	if resp.StatusCode >= 500 && attempt+1 < maxAttempts {
		resp.Body.Close()
		time.Sleep(backoff(attempt))
		return d.Probe(ctx, url, attempt+1)
	}
	return resp.Body.Close()
}
