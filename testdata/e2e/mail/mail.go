// Package mail holds a Mailer interface whose one implementation sends
// an unkeyed POST; package jobs reaches it through the interface.
package mail

import (
	"bytes"
	"context"
	"net/http"
)

type Mailer interface {
	Send(ctx context.Context, to string, body []byte) error
}

func New(base string) Mailer { return &HTTPMailer{base: base} }

type HTTPMailer struct{ base string }

func (m *HTTPMailer) Send(ctx context.Context, to string, body []byte) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, m.base+"/messages/"+to, bytes.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
