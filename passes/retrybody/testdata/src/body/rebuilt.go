package body

import (
	"bytes"
	"net/http"
)

// LoginSteps sends a first request once, then, in the loop, builds the
// request again at the top of every round before sending it: each attempt
// sends a body of its own.
func LoginSteps(c *http.Client, uri string, payload []byte) error {
	req, err := http.NewRequest(http.MethodPost, uri, bytes.NewReader(payload))
	if err != nil {
		return err
	}
	if _, err = c.Do(req); err != nil {
		return err
	}
	for attempt := 0; attempt < 3; attempt++ {
		req, err = http.NewRequest(http.MethodPost, uri, bytes.NewReader(payload))
		if err == nil {
			if _, err = c.Do(req); err == nil {
				return nil
			}
		}
	}
	return err
}

// ReuseFirst sends the request built before the loop again: its body was
// read by the first attempt.
func ReuseFirst(c *http.Client, uri string, payload []byte) error {
	req, err := http.NewRequest(http.MethodPost, uri, bytes.NewReader(payload))
	if err != nil {
		return err
	}
	for attempt := 0; attempt < 3; attempt++ {
		if _, err = c.Do(req); err == nil { // want `request body is read to the end by the first attempt`
			return nil
		}
	}
	return err
}
