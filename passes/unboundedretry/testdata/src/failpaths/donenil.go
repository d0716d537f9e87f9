package failpaths

import (
	"context"
	"net/http"
	"time"
)

// consume returns nil once ctx is done or done is closed.
func consume(ctx context.Context, done <-chan struct{}) error {
	select {
	case <-ctx.Done():
		return nil
	case <-done:
		return nil
	default:
	}
	resp, err := http.Get("https://queue.example.com/next")
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Drive leaves when consume succeeds, and consume succeeds once ctx is
// done: the context bounds the loop inside the operation.
func Drive(ctx context.Context, done <-chan struct{}) {
	for {
		err := consume(ctx, done)
		if err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

func fetchNext() error {
	resp, err := http.Get("https://queue.example.com/next")
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// The closest hazard: an operation that knows no context.
func DriveForever() {
	for { // want `retry loop can run forever`
		err := fetchNext()
		if err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}
