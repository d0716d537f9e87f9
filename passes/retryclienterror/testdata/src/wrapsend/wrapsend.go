// Package wrapsend posts callbacks through a method that wraps the
// function sending them, retried by a helper of the package.
package wrapsend

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"
)

type Callback struct {
	URI     string
	Payload string
}

// Post sends nothing when no URI is configured; otherwise it is
// postCallback, which fails on every status but 200.
func (c Callback) Post(client *http.Client) error {
	if c.URI == "" {
		return nil
	}
	return postCallback(client, c.URI, map[string]string{"Payload": c.Payload})
}

// Notify wraps the lenient sender: a 404 (the receiver is gone) is not an
// error.
func (c Callback) Notify(client *http.Client) error {
	return postLenient(client, c.URI)
}

func postCallback(client *http.Client, uri string, body any) error {
	var buf bytes.Buffer
	if err := json.NewEncoder(&buf).Encode(body); err != nil {
		return err
	}
	res, err := client.Post(uri, "application/json", &buf)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	if res.StatusCode == http.StatusOK {
		io.Copy(io.Discard, res.Body)
		return nil
	}
	return fmt.Errorf("callback returned %s", res.Status)
}

func postLenient(client *http.Client, uri string) error {
	res, err := client.Post(uri, "application/json", nil)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	if res.StatusCode == http.StatusOK || res.StatusCode == http.StatusNotFound {
		return nil
	}
	if res.StatusCode >= 400 && res.StatusCode < 500 {
		return nil // the receiver rejected it: sending again will not help
	}
	return fmt.Errorf("callback returned %s", res.Status)
}

// WithRetries runs f until it succeeds or maxRetries attempts failed.
func WithRetries(maxRetries int, sleep time.Duration, f func() error) error {
	var err error
	for try := 1; ; try++ {
		if err = f(); err == nil {
			return nil
		}
		if try >= maxRetries {
			return err
		}
		time.Sleep(sleep)
	}
}

type Ferry struct {
	Lock   Callback
	Unlock Callback
}

// Cutover retries the lock callback on every error, and Post fails on
// every 4xx.
func (f *Ferry) Cutover() error {
	return WithRetries(5, time.Second, func() error {
		return f.Lock.Post(&http.Client{}) // want `retry on any non-success status also retries 4xx`
	})
}

// CutoverLoop is the same retry written as a loop.
func (f *Ferry) CutoverLoop() error {
	var err error
	for i := 0; i < 5; i++ {
		if err = f.Lock.Post(&http.Client{}); err == nil { // want `retry on any non-success status also retries 4xx`
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Release retries the lenient sender, which fails only on 5xx: no 4xx is
// retried.
func (f *Ferry) Release() error {
	return WithRetries(5, time.Second, func() error { // want `waits the retry helper.s own backoff and ignores the Retry-After`
		return f.Unlock.Notify(&http.Client{})
	})
}

// Measure times f, which it runs once.
func Measure(name string, f func()) {
	start := time.Now()
	f()
	fmt.Println(name, time.Since(start))
}

// CutoverTimed sends the lock callback inside a timing wrapper: the error
// the callback sets is the attempt's.
func (f *Ferry) CutoverTimed() error {
	return WithRetries(5, time.Second, func() (err error) {
		Measure("lock", func() {
			err = f.Lock.Post(&http.Client{}) // want `retry on any non-success status also retries 4xx`
		})
		return err
	})
}

// ReleaseLater hands the send to a timer: the attempt's error is not the
// callback's, and nothing says a 4xx goes round.
func (f *Ferry) ReleaseLater() error {
	return WithRetries(5, time.Second, func() (err error) {
		time.AfterFunc(time.Second, func() {
			err = f.Lock.Post(&http.Client{})
		})
		return err
	})
}

type Verdict struct{ Declined bool }

// check fails on every non-2xx, and on a 2xx returns what decoding the
// body returns.
func check(ctx context.Context, url string) (*Verdict, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, nil)
	if err != nil {
		return nil, err
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	if res.StatusCode < 200 || res.StatusCode >= 300 {
		return nil, fmt.Errorf("check failed: %s", res.Status)
	}
	var v Verdict
	err = json.NewDecoder(res.Body).Decode(&v)
	return &v, err
}

// Screen retries the check on every error.
func Screen(ctx context.Context, url string) (*Verdict, error) {
	var err error
	for i := 0; i < 3; i++ {
		var v *Verdict
		if v, err = check(ctx, url); err == nil { // want `retry on any non-success status also retries 4xx`
			return v, nil
		}
		time.Sleep(time.Second)
	}
	return nil, err
}

// load fails on every status but 200 through its named result and bare
// returns.
func load(url string) (body io.ReadCloser, err error) {
	resp, err := http.Get(url)
	if err != nil {
		err = fmt.Errorf("load: %w", err)
		return
	}
	if resp.StatusCode != http.StatusOK {
		resp.Body.Close()
		err = fmt.Errorf("load: status %d", resp.StatusCode)
		return
	}
	return resp.Body, nil
}

// Refresh retries the load on every error.
func Refresh(url string) error {
	var err error
	for i := 0; i < 5; i++ {
		var body io.ReadCloser
		if body, err = load(url); err == nil { // want `retry on any non-success status also retries 4xx`
			return body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

// Retry hands everything it is given on to WithRetriesContext: it chooses
// no policy of its own.
func Retry(maxRetries int, sleep time.Duration, f func() error) error {
	return WithRetriesContext(nil, maxRetries, sleep, f)
}

// WithRetriesContext runs f until it succeeds, maxRetries attempts fail,
// or ctx is done.
func WithRetriesContext(ctx context.Context, maxRetries int, sleep time.Duration, f func() error) error {
	var err error
	for try := 1; ; try++ {
		if ctx != nil && ctx.Err() != nil {
			return ctx.Err()
		}
		if err = f(); err == nil {
			return nil
		}
		if try >= maxRetries {
			return err
		}
		time.Sleep(sleep)
	}
}

// CutoverPassed reaches the retry loop through the pass-through helper:
// the report is at the send that fails on every 4xx, not inside Retry.
func (f *Ferry) CutoverPassed() error {
	return Retry(5, time.Second, func() error {
		return f.Lock.Post(&http.Client{}) // want `retry on any non-success status also retries 4xx`
	})
}
