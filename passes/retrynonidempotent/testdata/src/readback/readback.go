// Package readback reads back the Header of a request it has just built
// and assigns it again (header := req.Header; ...; req.Header = header).
// A request built by http.NewRequest(WithContext) starts with an empty
// Header: reading it back adds no name, and the names written through the
// copy are judged as any others. Found on a blind-labelled repository,
// whose webhook dispatcher was silenced by the read.
package readback

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"time"
)

type Dispatcher struct{ client *http.Client }

func (d *Dispatcher) do(req *http.Request) error { // want do:`sends request param 0 \(keyed=false retried=false\)`
	res, err := d.client.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	if res.StatusCode >= 500 {
		return errors.New("server error")
	}
	return nil
}

// Send reads back the header of its new request: no key.
func (d *Dispatcher) Send(ctx context.Context, url string, body []byte) error { // want Send:`sends unkeyed POST \(retried=false\)`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return err
	}
	header := req.Header
	header.Set("Content-Type", "application/json")
	req.Header = header
	return d.do(req)
}

// SendKeyed writes the key through the copy it assigns back: keyed.
func (d *Dispatcher) SendKeyed(ctx context.Context, url, id string, body []byte) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return err
	}
	header := req.Header
	header["Idempotency-Key"] = []string{"event-" + id}
	req.Header = header
	return d.do(req)
}

// Forward copies the header of the request it proxies: whatever its
// client sent, a key maybe.
func (d *Dispatcher) Forward(ctx context.Context, in *http.Request, url string, body []byte) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return err
	}
	header := in.Header
	req.Header = header
	return d.do(req)
}

func (d *Dispatcher) Deliver(ctx context.Context, in *http.Request, url, id string, body []byte) error { // want Deliver:`sends unkeyed POST \(retried=true\)`
	var err error
	for range 3 {
		if err = d.Send(ctx, url, body); err == nil { // want `POST request is retried without an Idempotency-Key header`
			break
		}
		time.Sleep(time.Second)
	}
	for range 3 {
		if err = d.SendKeyed(ctx, url, id, body); err == nil {
			break
		}
		time.Sleep(time.Second)
	}
	for range 3 {
		if err = d.Forward(ctx, in, url, body); err == nil {
			break
		}
		time.Sleep(time.Second)
	}
	return err
}
