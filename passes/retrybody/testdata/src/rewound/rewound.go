// Package rewound uploads a file, seeking its reader back to the start
// before each new attempt: the attempt reads the same input again (a
// request's body, not a new candidate drawn from a source), so the loop
// is a retry, and a failed attempt's response left open leaks.
package rewound

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"
)

type Client struct{ hc *http.Client }

func (c *Client) put(ctx context.Context, url string, body io.Reader) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, url, body)
	if err != nil {
		return nil, err
	}
	return c.hc.Do(req)
}

// Upload retries a failed upload three times.
func (c *Client) Upload(ctx context.Context, url string, r io.ReadSeeker) error {
	var reader io.Reader = r
	for retries := 3; ; retries-- {
		resp, err := c.put(ctx, url, reader) // want `response body is not closed when the attempt fails on its status`
		if err == nil {
			if resp.StatusCode < 300 {
				resp.Body.Close()
				return nil
			}
			err = fmt.Errorf("HTTP %d", resp.StatusCode)
		}
		if retries <= 0 {
			return err
		}
		time.Sleep(time.Second)
		if _, err := r.Seek(0, io.SeekStart); err != nil {
			return err
		}
	}
}

// Draw reads a fresh candidate from the source each round.
func Draw(src io.Reader, ok func([]byte) bool) ([]byte, error) {
	for range 10 {
		b, err := next(src)
		if err == nil && ok(b) {
			return b, nil
		}
	}
	return nil, errors.New("no candidate")
}

func next(src io.Reader) ([]byte, error) {
	b := make([]byte, 8)
	_, err := io.ReadFull(src, b)
	return b, err
}
