// Package poptargets sends each attempt to the next URL of a list it
// consumes head first (u := urls[0]; urls = urls[1:]): a failover over
// targets, bounded by the list. Going back to the same URL with nothing to
// stop it is unbounded.
package poptargets

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
)

type Client struct {
	urls   []string
	httpcl *http.Client
}

// do tries each URL in turn.
func (cl *Client) do(path string) error {
	urls := cl.urls
start:
	reqURL, err := url.JoinPath(urls[0], path)
	if err != nil {
		return err
	}
	urls = urls[1:]
	req, err := http.NewRequest(http.MethodPost, reqURL, strings.NewReader("{}"))
	if err != nil {
		return err
	}
	resp, err := cl.httpcl.Do(req)
	if err != nil {
		if len(urls) == 0 {
			return fmt.Errorf("unable: %w", err)
		}
		goto start
	}
	return resp.Body.Close()
}

// same retries the same URL, with nothing to stop it.
func (cl *Client) same(path string) error {
start: // want `retry loop can run forever`
	req, err := http.NewRequest(http.MethodGet, cl.urls[0]+path, nil)
	if err != nil {
		return err
	}
	resp, err := cl.httpcl.Do(req)
	if err != nil {
		goto start
	}
	return resp.Body.Close()
}
