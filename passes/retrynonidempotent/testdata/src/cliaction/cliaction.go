// Package cliaction retries requests in the actions of command-line
// commands, function literals in package-level declarations.
package cliaction

import (
	"bytes"
	"net/http"
	"time"
)

type Command struct {
	Name   string
	Action func() error
}

// crawl posts a crawl request, three times at most.
var crawl = &Command{
	Name: "crawl",
	Action: func() error {
		client := http.Client{Timeout: time.Second}
		var err error
		for try := range 3 {
			req, rerr := http.NewRequest("POST", "http://relay/crawl", bytes.NewReader([]byte("{}")))
			if rerr != nil {
				return rerr
			}
			var resp *http.Response
			resp, err = client.Do(req) // want `POST request is retried without an Idempotency-Key header by this retry loop`
			if err == nil {
				resp.Body.Close()
				return nil
			}
			time.Sleep(time.Duration(try+1) * time.Second)
		}
		return err
	},
}

// status reads, three times at most: a GET is safe to retry.
var status = &Command{
	Name: "status",
	Action: func() error {
		client := http.Client{Timeout: time.Second}
		var err error
		for try := range 3 {
			var resp *http.Response
			resp, err = client.Get("http://relay/status")
			if err == nil {
				resp.Body.Close()
				return nil
			}
			time.Sleep(time.Duration(try+1) * time.Second)
		}
		return err
	},
}

// keyed posts with a key made once per operation.
var keyed = &Command{
	Name: "keyed",
	Action: func() error {
		client := http.Client{Timeout: time.Second}
		key := "crawl-2026-12-03"
		var err error
		for try := range 3 {
			req, rerr := http.NewRequest(http.MethodPost, "http://relay/crawl", nil)
			if rerr != nil {
				return rerr
			}
			req.Header.Set("Idempotency-Key", key)
			var resp *http.Response
			resp, err = client.Do(req)
			if err == nil {
				resp.Body.Close()
				return nil
			}
			time.Sleep(time.Duration(try+1) * time.Second)
		}
		return err
	},
}
