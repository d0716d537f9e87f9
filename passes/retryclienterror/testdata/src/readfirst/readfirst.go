// Package readfirst reads the response body before testing the status:
// the read's error is the body's, and every non-200 still fails.
package readfirst

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"
)

// get fails on every status but 200, after reading the body for the
// error message.
func get(c *http.Client, url string) error {
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		return err
	}
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("got %s: %q", resp.Status, body)
	}
	return nil
}

// Lookup retries every failure of get, a 404 among them.
func Lookup(c *http.Client, url string) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = get(c, url); err == nil { // want `retry on any non-success status also retries 4xx responses`
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// getServerError fails only on a 5xx, after decoding the body.
func getServerError(c *http.Client, url string, out any) error {
	resp, err := c.Get(url)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if err := json.NewDecoder(resp.Body).Decode(out); err != nil {
		return err
	}
	if resp.StatusCode >= 500 {
		return fmt.Errorf("server error %s", resp.Status)
	}
	return nil
}

// LookupServerError retries only what getServerError fails on: no 4xx.
func LookupServerError(c *http.Client, url string, out any) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = getServerError(c, url, out); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// getWith sends the headers it is given: they are the request's, not a
// response's to judge.
func getWith(c *http.Client, url string, headers http.Header) error {
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	for k, v := range headers {
		req.Header[k] = v
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("got %s", resp.Status)
	}
	return nil
}

// LookupWith retries every failure of getWith, a 404 among them.
func LookupWith(c *http.Client, url string) error {
	retries := 0
retry:
	err := getWith(c, url, http.Header{"Accept": {"application/json"}}) // want `retry on any non-success status also retries 4xx responses`
	if err != nil {
		retries++
		if retries < 3 {
			time.Sleep(time.Second)
			goto retry
		}
	}
	return err
}

// report judges a response with bare returns of its named error: nil for
// a 2xx, an error for the rest after reading the body for the log.
func report(res *http.Response) (err error) {
	var body []byte
	if res.StatusCode < 300 {
		return
	}
	if body, err = io.ReadAll(res.Body); err != nil {
		return
	}
	return fmt.Errorf("%d %s: %s", res.StatusCode, res.Status, body)
}

func upload(c *http.Client, url string) error {
	res, err := c.Get(url)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	return report(res)
}

// Upload retries every failure of upload, a 400 among them.
func Upload(c *http.Client, url string) error {
	var err error
	for i := 0; i != 10; i++ {
		if err = upload(c, url); err == nil { // want `retry on any non-success status also retries 4xx responses`
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
