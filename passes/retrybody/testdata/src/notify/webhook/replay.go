package webhook

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"os"
	"time"
)

var errRejected = errors.New("webhook: endpoint rejected the event")

// Replay sends one reader, made before the loop, in every attempt.
func (d *Dispatcher) Replay(ctx context.Context, url string, event []byte) error {
	body := bytes.NewReader(event)
	for attempt := 0; attempt < maxAttempts; attempt++ {
		resp, err := d.hc.Post(url, "application/json", body) // want `request body is read to the end by the first attempt`
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(backoff(attempt))
	}
	return errRejected
}

// ReplaySeeked rewinds the reader before every attempt.
func (d *Dispatcher) ReplaySeeked(ctx context.Context, url string, event []byte) error {
	body := bytes.NewReader(event)
	for attempt := 0; attempt < maxAttempts; attempt++ {
		if _, err := body.Seek(0, io.SeekStart); err != nil {
			return err
		}
		resp, err := d.hc.Post(url, "application/json", body)
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(backoff(attempt))
	}
	return errRejected
}

// UploadFile builds the request once around an open file, and seeks the
// file back to its start after each failed attempt.
func (d *Dispatcher) UploadFile(ctx context.Context, url, path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, url, f)
	if err != nil {
		return err
	}
	for attempt := 0; attempt < maxAttempts; attempt++ {
		resp, err := d.hc.Do(req)
		if err == nil {
			return resp.Body.Close()
		}
		if _, err := f.Seek(0, io.SeekStart); err != nil {
			return err
		}
		time.Sleep(backoff(attempt))
	}
	return errRejected
}
