package httpkit

import (
	"bytes"
	"context"
	"net/http"
)

// Doer sends requests for a service client, with the caller's key.
type Doer struct {
	HC   *http.Client
	Base string
}

// SendKeyed sends method to path with key as its Idempotency-Key: whether
// the key is the same on every attempt is up to the caller.
func (d *Doer) SendKeyed(ctx context.Context, method, path, key string, body []byte) error { // want SendKeyed:`sends param 1 keyed by param 3`
	req, err := http.NewRequestWithContext(ctx, method, d.Base+path, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", key)
	resp, err := d.HC.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
