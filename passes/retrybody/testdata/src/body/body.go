package body

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"strings"
	"time"

	backoff "github.com/cenkalti/backoff/v4"
	"github.com/hashicorp/go-retryablehttp"
)

// --- reported ---

func requestBuiltOnce(c *http.Client, payload []byte) error {
	req, _ := http.NewRequest(http.MethodPost, "http://x", bytes.NewReader(payload))
	var err error
	for i := 0; i < 3; i++ {
		var resp *http.Response
		if resp, err = c.Do(req); err == nil { // want `request body is read to the end by the first attempt, so the retries send it empty`
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func readerBuiltOnce(ctx context.Context, c *http.Client, payload string) error {
	body := strings.NewReader(payload)
	for i := 0; i < 3; i++ {
		req, _ := http.NewRequestWithContext(ctx, http.MethodPut, "http://x", body)
		if resp, err := c.Do(req); err == nil { // want `request body is read to the end`
			resp.Body.Close()
			return nil
		}
	}
	return nil
}

func postReader(c *http.Client, buf *bytes.Buffer) error {
	return backoff.Retry(func() error {
		resp, err := c.Post("http://x", "application/json", buf) // want `request body is read to the end`
		if err == nil {
			resp.Body.Close()
		}
		return err
	}, backoff.NewExponentialBackOff())
}

func leak(c *http.Client) (*http.Response, error) {
	for i := 0; i < 3; i++ {
		resp, err := c.Get("http://x") // want `response body is not closed when the attempt fails on its status, so every retry leaks a connection`
		if err != nil {
			continue
		}
		if resp.StatusCode >= 500 {
			time.Sleep(time.Second)
			continue
		}
		return resp, nil
	}
	return nil, nil
}

// --- not reported ---

// The body is closed before the status is read (go-redis' test proxy).
func closedBeforeStatus(c *http.Client) error {
	for i := 0; i < 10; i++ {
		resp, err := c.Get("http://x/stats")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				return nil
			}
		}
		time.Sleep(200 * time.Millisecond)
	}
	return nil
}

// A close after the status test, on the success path only, does not count.
func closedOnSuccessOnly(c *http.Client) error {
	for i := 0; i < 10; i++ {
		resp, err := c.Get("http://x/stats") // want `response body is not closed`
		if err == nil && resp.StatusCode == 200 {
			resp.Body.Close()
			return nil
		}
		time.Sleep(200 * time.Millisecond)
	}
	return nil
}

func rebuiltInside(c *http.Client, payload []byte) error {
	for i := 0; i < 3; i++ {
		req, _ := http.NewRequest(http.MethodPost, "http://x", bytes.NewReader(payload))
		if resp, err := c.Do(req); err == nil {
			resp.Body.Close()
			return nil
		}
	}
	return nil
}

func getBodyReset(c *http.Client, payload []byte) error {
	req, _ := http.NewRequest(http.MethodPost, "http://x", bytes.NewReader(payload))
	for i := 0; i < 3; i++ {
		req.Body, _ = req.GetBody()
		if resp, err := c.Do(req); err == nil {
			resp.Body.Close()
			return nil
		}
	}
	return nil
}

func noBody(c *http.Client) error {
	req, _ := http.NewRequest(http.MethodGet, "http://x", nil)
	req2, _ := http.NewRequest(http.MethodDelete, "http://x", http.NoBody)
	for i := 0; i < 3; i++ {
		if resp, err := c.Do(req); err == nil {
			resp.Body.Close()
		}
		if resp, err := c.Do(req2); err == nil {
			resp.Body.Close()
			return nil
		}
	}
	return nil
}

func retryableRewinds(payload []byte) error {
	c := retryablehttp.NewClient()
	req, _ := retryablehttp.NewRequest(http.MethodPost, "http://x", bytes.NewReader(payload))
	for i := 0; i < 3; i++ {
		if resp, err := c.Do(req); err == nil {
			resp.Body.Close()
			return nil
		}
	}
	return nil
}

func sentOnce(c *http.Client, payload []byte) error {
	req, _ := http.NewRequest(http.MethodPost, "http://x", bytes.NewReader(payload))
	resp, err := c.Do(req)
	if err == nil {
		resp.Body.Close()
	}
	return err
}

func closedOnRetry(c *http.Client) (*http.Response, error) {
	for i := 0; i < 3; i++ {
		resp, err := c.Get("http://x")
		if err != nil {
			continue
		}
		if resp.StatusCode >= 500 {
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			continue
		}
		return resp, nil
	}
	return nil, nil
}

func drainHelper(r *http.Response) { r.Body.Close() }

func closedByHelper(c *http.Client) (*http.Response, error) {
	for i := 0; i < 3; i++ {
		resp, err := c.Get("http://x")
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		if resp != nil {
			drainHelper(resp)
		}
	}
	return nil, nil
}

func errorOnlyRetry(c *http.Client) (*http.Response, error) {
	for i := 0; i < 3; i++ {
		resp, err := c.Get("http://x")
		if err != nil {
			continue
		}
		return resp, nil
	}
	return nil, nil
}

// deferredClose closes each response when the function returns: a
// failed one stays open through every later attempt.
func deferredClose(c *http.Client) error {
	for i := 0; i < 3; i++ {
		resp, err := c.Get("http://x") // want `response body is not closed when the attempt fails on its status`
		if err != nil {
			continue
		}
		defer resp.Body.Close()
		if resp.StatusCode == http.StatusOK {
			return nil
		}
	}
	return nil
}

// deferredCloseRead reads each response to its end, which gives its
// connection back before the next attempt; the defer closes it later.
func deferredCloseRead(c *http.Client) ([]byte, error) {
	for i := 0; i < 3; i++ {
		resp, err := c.Get("http://x")
		if err != nil {
			continue
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		if err == nil && resp.StatusCode == http.StatusOK {
			return b, nil
		}
	}
	return nil, nil
}

// askEach asks each service once, in turn, and stops at the first that
// has it: a single pass over targets is failover, which RULES.md counts
// as a retry for retrynonidempotent and retryamplify only.
func askEach(c *http.Client, urls []string) bool {
	for _, u := range urls {
		resp, err := c.Get(u)
		if err != nil {
			continue
		}
		defer resp.Body.Close()
		if resp.StatusCode == http.StatusOK {
			return true
		}
	}
	return false
}
