package clienterr

import (
	"context"
	"net/http"
	"strconv"
	"time"

	"github.com/go-resty/resty/v2"
)

// --- reported ---

func notOK(c *http.Client) *http.Response {
	for i := 0; i < 3; i++ {
		resp, err := c.Get("http://x") // want `retry on any non-success status also retries 4xx responses`
		if err != nil || resp.StatusCode != http.StatusOK {
			time.Sleep(time.Second)
			continue
		}
		return resp
	}
	return nil
}

func atLeast400(c *http.Client) *http.Response {
	for i := 0; i < 3; i++ {
		resp, err := c.Get("http://x") // want `retry on any non-success status`
		if err == nil && resp.StatusCode < 400 {
			return resp
		}
		time.Sleep(time.Second)
	}
	return nil
}

func statusClass(c *http.Client) *http.Response {
	for i := 0; i < 3; i++ {
		resp, err := c.Get("http://x") // want `retry on any non-success status`
		if err != nil || resp.StatusCode/100 != 2 {
			continue
		}
		return resp
	}
	return nil
}

func statusClassAtLeast4(c *http.Client) *http.Response {
	for i := 0; i < 3; i++ {
		resp, err := c.Get("http://x") // want `retry on any non-success status`
		if err != nil || resp.StatusCode/100 >= 4 {
			continue
		}
		return resp
	}
	return nil
}

// Only 5xx is retried.
func statusClass5(c *http.Client) *http.Response {
	for i := 0; i < 3; i++ {
		resp, err := c.Get("http://x")
		if err != nil || resp.StatusCode/100 == 5 {
			continue
		}
		return resp
	}
	return nil
}

func restyIsError(c *resty.Client) {
	for i := 0; i < 3; i++ {
		resp, err := c.R().Get("/x") // want `retry on any non-success status`
		if err == nil && !resp.IsSuccess() {
			continue
		}
		return
	}
}

func ignoresRetryAfter(c *http.Client) *http.Response {
	for i := 0; i < 5; i++ {
		resp, err := c.Get("http://x")
		if err == nil && resp.StatusCode == http.StatusTooManyRequests {
			time.Sleep(time.Second) // want `retry on 429 or 503 ignores the Retry-After header the server sent`
			continue
		}
		return resp
	}
	return nil
}

// --- not reported ---

func only5xx(c *http.Client) *http.Response {
	for i := 0; i < 3; i++ {
		resp, err := c.Get("http://x")
		if err != nil || resp.StatusCode >= 500 {
			time.Sleep(time.Second) // want `retry on 429 or 503 ignores the Retry-After header`
			continue
		}
		return resp
	}
	return nil
}

func clientErrorsReturn(c *http.Client) *http.Response {
	for i := 0; i < 3; i++ {
		resp, err := c.Get("http://x")
		if err == nil && resp.StatusCode >= 400 && resp.StatusCode < 500 {
			return resp
		}
		if err != nil || resp.StatusCode != http.StatusOK {
			time.Sleep(time.Second) // want `retry on 429 or 503 ignores the Retry-After header`
			continue
		}
		return resp
	}
	return nil
}

func honoursRetryAfter(c *http.Client) *http.Response {
	for i := 0; i < 5; i++ {
		resp, err := c.Get("http://x")
		if err == nil && resp.StatusCode == http.StatusServiceUnavailable {
			secs, _ := strconv.Atoi(resp.Header.Get("Retry-After"))
			time.Sleep(time.Duration(secs) * time.Second)
			continue
		}
		return resp
	}
	return nil
}

func retryAfterHelper(resp *http.Response) time.Duration {
	secs, _ := strconv.Atoi(resp.Header.Get("Retry-After"))
	return time.Duration(secs) * time.Second
}

func honoursRetryAfterInHelper(c *http.Client) *http.Response {
	for i := 0; i < 5; i++ {
		resp, err := c.Get("http://x")
		if err == nil && resp.StatusCode == http.StatusTooManyRequests {
			time.Sleep(retryAfterHelper(resp))
			continue
		}
		return resp
	}
	return nil
}

func notARetry(c *http.Client) {
	resp, _ := c.Get("http://x")
	if resp.StatusCode != http.StatusOK {
		return
	}
}

// selectWaits waits in a select on both failure paths: the 5xx's wait is
// the one that ignores Retry-After, not the transport error's.
func selectWaits(ctx context.Context, c *http.Client, req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 3; attempt++ {
		resp, err := c.Do(req)
		if err != nil {
			select {
			case <-time.After(time.Second):
			case <-ctx.Done():
				return nil, ctx.Err()
			}
			continue
		}
		if resp.StatusCode >= 500 {
			resp.Body.Close()
			select {
			case <-time.After(time.Second): // want `retry on 429 or 503 ignores the Retry-After header`
			case <-ctx.Done():
				return nil, ctx.Err()
			}
			continue
		}
		return resp, nil
	}
	return nil, nil
}
