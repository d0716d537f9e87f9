// want package:`waits Drain Send SendKept`

// Package copiedout retries a send whose results are copied, right after
// the call, into variables declared before the loop (resp, e :=
// c.Do(req); response, err = resp, e): the failure tests read the copies.
package copiedout

import (
	"net/http"
	"time"
)

func Send(c *http.Client, req *http.Request) (*http.Response, error) {
	var response *http.Response
	var err error
	for i := 0; i < 3; i++ {
		if i > 0 {
			time.Sleep(time.Second) // want `retry delay has no jitter`
		}
		resp, e := c.Do(req)
		response, err = resp, e
		if err != nil {
			continue
		}
		if response.StatusCode >= http.StatusInternalServerError {
			response.Body.Close()
			continue
		}
		break
	}
	return response, err
}

func SendKept(c *http.Client, req *http.Request) *http.Response {
	var response *http.Response
	for i := 0; i < 3; i++ {
		if i > 0 {
			time.Sleep(2 * time.Second) // want `retry delay has no jitter`
		}
		resp, err := c.Do(req)
		response = resp
		if err != nil {
			continue
		}
		if response.StatusCode >= http.StatusInternalServerError {
			response.Body.Close()
			continue
		}
		break
	}
	return response
}

type Iterator interface {
	Next() (string, error)
}

// Drain reads items until the first failure, which ends it; each item
// read goes round for the next: no retry, silent.
func Drain(it Iterator, handle func(string)) error {
	var last string
	var err error
	for {
		item, e := it.Next()
		last, err = item, e
		if err != nil {
			return err
		}
		handle(last)
		time.Sleep(time.Second)
	}
}
