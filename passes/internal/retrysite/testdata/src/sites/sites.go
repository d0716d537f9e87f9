package sites

import (
	"context"
	"errors"
	"io"
	"net/http"
	"time"

	"sitesdep"

	retry "github.com/avast/retry-go/v4"
	backoff "github.com/cenkalti/backoff/v4"
	"github.com/go-resty/resty/v2"
	"github.com/hashicorp/go-retryablehttp"
)

func op() error                        { return nil }
func get() (*http.Response, error)     { return nil, nil }
func read(r io.Reader) ([]byte, error) { return nil, nil }

// --- retry loops ---

func counted() error {
	var err error
	for i := 0; i < 3; i++ { // want `retry loop bounded=true waits=1 op=body`
		err = op()
		if err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func forever() {
	for { // want `retry loop bounded=false waits=0 op=body`
		if err := op(); err == nil {
			break
		}
	}
}

func whileErr() {
	err := op()
	for err != nil { // want `retry loop bounded=false waits=1 op=body`
		time.Sleep(time.Second)
		err = op()
	}
}

func rangeInt() error {
	var err error
	for range 5 { // want `retry loop bounded=true waits=0 op=body`
		if err = op(); err == nil {
			break
		}
	}
	return err
}

func status() *http.Response {
	for { // want `retry loop bounded=false waits=1 op=body`
		resp, err := get()
		if err != nil || resp.StatusCode >= 500 {
			time.Sleep(time.Second)
			continue
		}
		return resp
	}
}

func statusOnlyBoundedByCtx(ctx context.Context) (*http.Response, error) {
	for { // want `retry loop bounded=true waits=1 op=body`
		resp, err := get()
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

func deadline() error {
	start := time.Now()
	for { // want `retry loop bounded=true waits=1 op=body`
		err := op()
		if err == nil {
			return nil
		}
		if time.Since(start) > time.Minute {
			return err
		}
		time.Sleep(time.Second)
	}
}

// counterOnSuccessPathOnly goes round after a success too: it repeats work
// four times, it does not retry a failure.
func counterOnSuccessPathOnly() int {
	n := 0
	for {
		err := op()
		if err != nil {
			continue
		}
		n++
		if n > 3 {
			return n
		}
	}
}

func doneFlag() {
	done := false
	for !done { // want `retry loop bounded=false waits=1 op=body`
		if err := op(); err == nil {
			done = true
		} else {
			time.Sleep(time.Second)
		}
	}
}

func permanentStops() error {
	for attempt := 0; ; attempt++ { // want `retry loop bounded=true waits=1 op=body`
		err := op()
		if err == nil {
			return nil
		}
		if errors.Is(err, io.EOF) || attempt >= 4 {
			return err
		}
		time.Sleep(time.Duration(attempt) * time.Second)
	}
}

// --- loops that are not retry loops ---

func reader(r io.Reader) error {
	for {
		b, err := read(r)
		if err != nil {
			return err
		}
		_ = b
	}
}

func acceptLike() {
	for {
		if err := op(); err != nil {
			continue
		}
	}
}

func overSlice(items []string) {
	for _, it := range items {
		if err := op(); err != nil {
			continue
		}
		_ = it
		return
	}
}

func indexLoop(items []string) error {
	for i := 0; i < len(items); i++ {
		if err := op(); err != nil {
			continue
		}
		_ = items[i]
		return nil
	}
	return nil
}

func noOutcome() {
	for i := 0; i < 3; i++ {
		time.Sleep(time.Second)
	}
}

type job struct{ Done bool }

func getJob() (*job, error) { return nil, nil }

// pollState polls for a state change; a failure ends the loop.
func pollState() error {
	for {
		j, err := getJob()
		if err != nil {
			return err
		}
		if j.Done {
			return nil
		}
		time.Sleep(time.Second)
	}
}

// pollStatus re-sends a GET until it answers 200: the status test makes it a
// retry loop.
func pollStatus() {
	for { // want `retry loop bounded=false waits=1 op=body`
		resp, _ := get()
		if resp.StatusCode == 200 {
			return
		}
		time.Sleep(time.Second)
	}
}

// --- helpers and clients ---

func helpers() {
	_ = backoff.Retry(func() error { return op() }, backoff.NewExponentialBackOff()) // want `retry helper call op=body`
	_ = backoff.Retry(op, backoff.NewExponentialBackOff())                           // want `retry helper call op=body`
	f := func() error { return op() }
	_ = retry.Do(f)                                         // want `retry helper call op=body`
	_ = retry.Do(retry.RetryableFunc(f), retry.Attempts(3)) // want `retry helper call op=body`
}

func userHelpers() {
	_ = sitesdep.Retry(3, func() error { return op() }) // want `retry helper call op=body`
	sitesdep.Twice(op)
	_ = withRetry(op) // want `retry helper call op=body`
	_ = wrapped(op)   // want `retry helper call op=body`
}

func withRetry(f func() error) error {
	return backoff.Retry(func() error { return f() }, backoff.NewExponentialBackOff()) // want `retry helper call op=body`
}

func wrapped(f func() error) error {
	return withRetry(f) // want `retry helper call$`
}

func clients() {
	c := retryablehttp.NewClient()
	_, _ = c.Post("http://x", "application/json", nil) // want `retrying client call`
	_, _ = http.Post("http://x", "application/json", nil)

	r := resty.New().SetRetryCount(3)
	_, _ = r.R().Post("/orders") // want `retrying client call`
	plain := resty.New()
	_, _ = plain.R().Post("/orders")
}
