// Package pollretry polls an action's status over HTTP and retries its
// failed lookups; the lookup turns every status outside 2xx into an error.
package pollretry

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"
)

type ErrorResponse struct{ Status int }

func (e *ErrorResponse) Error() string { return fmt.Sprintf("status %d", e.Status) }

func getStatus(ctx context.Context, uri string) (string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, uri, nil)
	if err != nil {
		return "", err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return "", &ErrorResponse{Status: resp.StatusCode}
	}
	return resp.Header.Get("X-Status"), nil
}

// WaitForActive polls until the action completes; a failed lookup, a 404
// for a wrong URI included, goes round again.
func WaitForActive(ctx context.Context, uri string) error {
	completed := false
	failures := 0
	for !completed {
		st, err := getStatus(ctx, uri) // want `retry on any non-success status also retries 4xx responses`
		if err != nil {
			if failures < 3 {
				failures++
				continue
			}
			return err
		}
		switch st {
		case "in-progress":
			time.Sleep(5 * time.Second)
		case "completed":
			completed = true
		default:
			return errors.New("action failed: " + st)
		}
	}
	return nil
}

// WaitOnce polls the same way, but a failed lookup ends the poll.
func WaitOnce(ctx context.Context, uri string) error {
	for {
		st, err := getStatus(ctx, uri)
		if err != nil {
			return err
		}
		if st == "completed" {
			return nil
		}
		time.Sleep(5 * time.Second)
	}
}
