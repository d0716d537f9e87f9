// Package ampkit holds a secret store client that retries, and a poll
// helper, used by package ampsvc through an interface and by name.
package ampkit

import (
	"context"
	"net/http"
	"time"
)

// Vault reads secrets from a vault that drops a request now and then.
type Vault struct {
	hc  *http.Client
	url string
}

// Secret retries a failed read three times.
func (v *Vault) Secret(ctx context.Context, id string) (string, error) { // want Secret:`retries\(attempts=3\)`
	var err error
	for try := 0; try < 3; try++ {
		var resp *http.Response
		if resp, err = v.hc.Get(v.url + "/" + id); err == nil {
			resp.Body.Close()
			return id, nil
		}
		time.Sleep(time.Duration(try+1) * 100 * time.Millisecond)
	}
	return "", err
}

// Poll calls f every interval until it succeeds, at most attempts times.
func Poll(attempts int, interval time.Duration, f func() error) error { // want Poll:`retries\(attempts=0\)`
	var err error
	for i := 0; i < attempts; i++ {
		if err = f(); err == nil {
			return nil
		}
		time.Sleep(interval)
	}
	return err
}
