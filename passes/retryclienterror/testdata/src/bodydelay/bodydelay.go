// Package bodydelay retries a 429 after the delay the server's answer
// carries in its body ({"retry_after": 1.5}), as chat APIs send it.
package bodydelay

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"time"
)

type tooManyRequests struct {
	RetryAfter time.Duration `json:"retry_after"`
}

// send waits what the answer's body asks for before trying again.
func send(c *http.Client, url string) error {
	for i := 0; i < 3; i++ {
		resp, err := c.Get(url)
		if err != nil {
			return err
		}
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			return err
		}
		switch resp.StatusCode {
		case http.StatusOK:
			return nil
		case http.StatusTooManyRequests:
			var rl tooManyRequests
			if err := json.Unmarshal(body, &rl); err != nil {
				return err
			}
			time.Sleep(rl.RetryAfter)
			continue
		}
		return errors.New(resp.Status)
	}
	return errors.New("too many attempts")
}

// sendFixed waits a second of its own on a 429.
func sendFixed(c *http.Client, url string) error {
	for i := 0; i < 3; i++ {
		resp, err := c.Get(url)
		if err != nil {
			return err
		}
		resp.Body.Close()
		switch resp.StatusCode {
		case http.StatusOK:
			return nil
		case http.StatusTooManyRequests:
			time.Sleep(time.Second) // want `retry on 429 or 503 ignores the Retry-After header`
			continue
		}
		return errors.New(resp.Status)
	}
	return errors.New("too many attempts")
}
