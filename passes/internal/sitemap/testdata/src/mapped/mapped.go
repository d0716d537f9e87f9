// Package mapped holds one retry site of each shape the map describes.
package mapped

import (
	"context"
	"net/http"
	"strings"
	"time"

	"github.com/cenkalti/backoff/v4"
)

func op() error { return nil }

// Counted retries three times with a constant wait.
func Counted(c *http.Client) error {
	for attempt := 0; attempt < 3; attempt++ {
		resp, err := c.Post("https://pay.example.com/charges", "application/json", strings.NewReader("{}"))
		if err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return nil
}

// Forever retries with a delay that doubles and nothing that ends it.
func Forever() {
	d := 100 * time.Millisecond
	for {
		if err := op(); err == nil {
			return
		}
		time.Sleep(d)
		d *= 2
	}
}

// UntilCtx retries until its context is done.
func UntilCtx(ctx context.Context) error {
	for {
		if err := op(); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// UntilStopped retries until someone closes done.
func UntilStopped(done <-chan struct{}) error {
	for {
		if err := op(); err == nil {
			return nil
		}
		select {
		case <-done:
			return nil
		case <-time.After(time.Second):
		}
	}
}

// Policy retries through the library with a policy of its own.
func Policy() error {
	return backoff.Retry(op, backoff.WithMaxRetries(backoff.NewConstantBackOff(time.Second), 4))
}

// withRetry is a retry helper of the program.
func withRetry(f func() error) error {
	for i := 0; i < 5; i++ {
		if err := f(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return nil
}

// Nested retries a function that retries.
func Nested(c *http.Client) error {
	return withRetry(func() error { return Counted(c) })
}
