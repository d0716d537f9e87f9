// Package debugwrap dumps a client's traffic when asked to.
package debugwrap

import (
	"net/http"
	"net/http/httputil"
	"os"
)

type dumper struct {
	next http.RoundTripper
}

func (d *dumper) RoundTrip(req *http.Request) (*http.Response, error) {
	b, _ := httputil.DumpRequestOut(req, true)
	os.Stderr.Write(b)
	next := d.next
	if next == nil {
		next = http.DefaultTransport
	}
	return next.RoundTrip(req)
}

// Wrap returns client, dumping its requests when DEBUG_HTTP is set.
func Wrap(client *http.Client) *http.Client {
	if os.Getenv("DEBUG_HTTP") == "" {
		return client
	}
	client.Transport = &dumper{next: client.Transport}
	return client
}

// Fresh returns a new client of its own: what it is given is not what
// comes back.
func Fresh(client *http.Client) *http.Client {
	client = &http.Client{Timeout: client.Timeout}
	return client
}
