// Package notify holds a Mailer interface with one implementation, which
// sends an unkeyed POST: a handler calling Mailer.Send reaches it.
package notify

import (
	"bytes"
	"context"
	"net/http"
)

type Mailer interface {
	Send(ctx context.Context, to string, body []byte) error // want Send:`sends unkeyed POST \(retried=false\)`
}

func New(base string) Mailer { return &httpMailer{base: base} }

type httpMailer struct{ base string }

func (m *httpMailer) Send(ctx context.Context, to string, body []byte) error { // want Send:`sends unkeyed POST \(retried=false\)`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, m.base+"/messages", bytes.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
