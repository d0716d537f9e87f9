// Package transport sends requests for an API client, with tracing.
package transport

import (
	"context"
	"net/http"
)

type key struct{}

// Do sends req with client, traced when asked.
func Do(client *http.Client, req *http.Request, trace bool) (*http.Response, error) { // want Do:`sends request parameter 1`
	if trace {
		req = req.WithContext(context.WithValue(req.Context(), key{}, true))
	}
	return client.Do(req)
}

// Rewound sends req whole every time: it rewinds the body first.
func Rewound(client *http.Client, req *http.Request) (*http.Response, error) {
	if req.GetBody != nil {
		body, err := req.GetBody()
		if err != nil {
			return nil, err
		}
		req.Body = body
	}
	return client.Do(req)
}
