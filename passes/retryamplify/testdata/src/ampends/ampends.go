// Package ampends calls a function that retries from inside retries that
// stop when it fails (issue 33, kind 2): the outer site runs the inner
// retry again only after it succeeded, so the attempts do not multiply,
// however the inner error is tested before the outer site gives up.
package ampends

import (
	"context"
	"errors"
	"fmt"
	"math/rand"
	"net/http"
	"time"

	"github.com/avast/retry-go/v4"
	"github.com/cenkalti/backoff/v4"
)

// lookup retries its GET three times.
func lookup(url string) (string, error) { // want lookup:`retries\(attempts=3\)`
	var err error
	for i := 0; i < 3; i++ {
		var resp *http.Response
		if resp, err = http.Get(url); err == nil {
			resp.Body.Close()
			return url, nil
		}
		time.Sleep(time.Duration(rand.Intn(100)) * time.Millisecond)
	}
	return "", err
}

func get(url string) error {
	resp, err := http.Get(url)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

var errGone = errors.New("gone")

// Logged logs the failure before it gives up.
func Logged(ctx context.Context) error { // want Logged:`retries\(attempts=5\)`
	return retry.Do(func() error {
		v, err := lookup("a")
		fmt.Println("looked up", v)
		if err != nil {
			return retry.Unrecoverable(fmt.Errorf("lookup: %w", err))
		}
		return get(v)
	}, retry.Attempts(5), retry.Context(ctx))
}

// Switched tests the error in a switch.
func Switched(ctx context.Context) error { // want Switched:`retries\(attempts=5\)`
	return retry.Do(func() error {
		v, err := lookup("a")
		switch {
		case errors.Is(err, errGone):
			return retry.Unrecoverable(err)
		case err != nil:
			return retry.Unrecoverable(err)
		}
		return get(v)
	}, retry.Attempts(5), retry.Context(ctx))
}

// Wrapped gives backoff its own permanent marker.
func Wrapped(ctx context.Context) error { // want Wrapped:`retries\(attempts=0\)`
	return backoff.Retry(func() error {
		v, err := lookup("a")
		if err != nil {
			return backoff.Permanent(err)
		}
		return get(v)
	}, backoff.WithContext(backoff.NewExponentialBackOff(), ctx))
}

// Returned leaves the loop on the inner failure.
func Returned(ctx context.Context) error { // want Returned:`retries\(attempts=5\)`
	var err error
	for i := 0; i < 5; i++ {
		var v string
		v, err = lookup("a")
		if err != nil {
			return err
		}
		if err = get(v); err == nil {
			return nil
		}
		time.Sleep(time.Duration(rand.Intn(100)) * time.Millisecond)
	}
	return err
}

// WrongMarker hands retry-go backoff's marker, which it does not know:
// the inner failure goes round.
func WrongMarker(ctx context.Context) error { // want WrongMarker:`retries\(attempts=15\)`
	return retry.Do(func() error {
		if _, err := lookup("a"); err != nil { // want `retry inside a retry: every outer attempt runs the inner retry again, so 5 x 3 = 15 calls`
			return backoff.Permanent(err)
		}
		return get("b")
	}, retry.Attempts(5), retry.Context(ctx))
}

// Retried sends the inner failure round.
func Retried(ctx context.Context) error { // want Retried:`retries\(attempts=15\)`
	return retry.Do(func() error {
		if _, err := lookup("a"); err != nil { // want `retry inside a retry`
			return fmt.Errorf("lookup: %w", err)
		}
		return get("b")
	}, retry.Attempts(5), retry.Context(ctx))
}
