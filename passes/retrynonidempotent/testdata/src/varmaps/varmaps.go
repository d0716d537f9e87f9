// Package varmaps builds requests with header maps given as a variadic
// parameter (request.New(method, uri, body, headers...)): the names the
// callers' maps hold are the request's, and a call that gives none sends
// a request with no key.
package varmaps

import (
	"bytes"
	"encoding/json"
	"net/http"
)

func New(method, uri string, body []byte, headers ...map[string]string) (*http.Request, error) { // want New:`builds param 0 request \(keyed=false fresh=false\) with headers \[3\.\.\.\.\]`
	req, err := http.NewRequest(method, uri, bytes.NewReader(body))
	if err == nil {
		for _, headers := range headers {
			for k, v := range headers {
				req.Header.Add(k, v)
			}
		}
	}
	return req, err
}

type Helper struct{ c *http.Client }

func (h *Helper) DoJSON(req *http.Request, res any) error { // want DoJSON:`sends request param 0 \(keyed=false retried=false\)`
	resp, err := h.c.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	return json.NewDecoder(resp.Body).Decode(res)
}

func Login(h *Helper, uri string, body []byte) error { // want Login:`sends unkeyed POST \(retried=true\)`
	var out struct{}
	var err error
	for attempt := 0; attempt < 10; attempt++ {
		req, _ := New(http.MethodPost, uri, body, map[string]string{"Accept": "application/json"})
		if err = h.DoJSON(req, &out); err == nil { // want `POST request is retried without an Idempotency-Key header`
			return nil
		}
	}
	return err
}

func Bare(h *Helper, uri string, body []byte) error { // want Bare:`sends unkeyed POST \(retried=true\)`
	var out struct{}
	var err error
	for attempt := 0; attempt < 10; attempt++ {
		req, _ := New(http.MethodPost, uri, body)
		if err = h.DoJSON(req, &out); err == nil { // want `POST request is retried without an Idempotency-Key header`
			return nil
		}
	}
	return err
}

func Keyed(h *Helper, uri, key string, body []byte) error {
	var out struct{}
	var err error
	for attempt := 0; attempt < 10; attempt++ {
		req, _ := New(http.MethodPost, uri, body, map[string]string{"Idempotency-Key": key})
		if err = h.DoJSON(req, &out); err == nil {
			return nil
		}
	}
	return err
}
