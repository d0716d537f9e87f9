// want package:`waits Client.do Client.same`

// Package poptargets sends each attempt to the next URL of a list it
// consumes head first (u := urls[0]; urls = urls[1:]): a failover over
// targets, bounded by the list, whose missing delay is no nojitter hazard.
// Going back to the same URL at once is.
package poptargets

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"
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

// same retries the same URL at once.
func (cl *Client) same(path string) error {
	tries := 0
start: // want `retry loop retries at once`
	req, err := http.NewRequest(http.MethodGet, cl.urls[0]+path, nil)
	if err != nil {
		return err
	}
	resp, err := cl.httpcl.Do(req)
	if err != nil {
		if tries < 3 {
			tries++
			goto start
		}
		return err
	}
	time.Sleep(0)
	return resp.Body.Close()
}
