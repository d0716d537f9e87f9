// Package sysutil wraps net/http behind interfaces, a seam for tests:
// the one implementation builds what http.NewRequest builds.
package sysutil

import (
	"io"
	"net/http"
)

type HttpI interface {
	NewRequest(method, url string, body io.Reader) (*http.Request, error)
}

type Http struct{}

func NewHttp() *Http { return &Http{} }

func (*Http) NewRequest(method, url string, body io.Reader) (*http.Request, error) { // want NewRequest:`builds param 0 request`
	return http.NewRequest(method, url, body)
}

type HTTPClientI interface {
	Do(req *http.Request) (*http.Response, error)
}
