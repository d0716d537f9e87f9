// Package ampconfig calls functions that retry as they are configured
// from inside retries (issue 33, kind 1): a call that configures a single
// attempt does not retry, and is no retry inside a retry.
package ampconfig

import (
	"context"
	"math/rand"
	"net/http"
	"time"

	"github.com/avast/retry-go/v4"

	"ampconfig/lookupkit"
)

func pause() { time.Sleep(time.Duration(rand.Intn(100)) * time.Millisecond) }

// OptionOff asks the lookup for one attempt.
func OptionOff(ctx context.Context) error { // want OptionOff:`retries\(attempts=5\)`
	return retry.Do(func() error {
		return lookupkit.Lookup(ctx, "http://api.example/a", lookupkit.WithTrace(), lookupkit.WithAttempts(1))
	}, retry.Attempts(5), retry.Context(ctx))
}

// OptionOn asks for three.
func OptionOn(ctx context.Context) error { // want OptionOn:`retries\(attempts=15\)`
	return retry.Do(func() error {
		return lookupkit.Lookup(ctx, "http://api.example/a", lookupkit.WithAttempts(3)) // want `5 x 3 = 15 calls`
	}, retry.Attempts(5), retry.Context(ctx))
}

// OptionDefault keeps the lookup's own three.
func OptionDefault(ctx context.Context) error { // want OptionDefault:`retries\(attempts=15\)`
	return retry.Do(func() error {
		return lookupkit.Lookup(ctx, "http://api.example/a") // want `5 x 3 = 15 calls`
	}, retry.Attempts(5), retry.Context(ctx))
}

// ConfigOff fetches with no retries of its own.
func ConfigOff(ctx context.Context) error { // want ConfigOff:`retries\(attempts=4\)`
	var err error
	for i := 0; i < 4; i++ {
		if err = lookupkit.Fetch(ctx, "http://api.example/b", lookupkit.Config{MaxRetries: 0, Timeout: time.Second}); err == nil {
			return nil
		}
		pause()
	}
	return err
}

// ConfigDefault leaves MaxRetries out: its zero value, no retries.
func ConfigDefault(ctx context.Context) error { // want ConfigDefault:`retries\(attempts=4\)`
	cfg := lookupkit.Config{Timeout: time.Second}
	var err error
	for i := 0; i < 4; i++ {
		if err = lookupkit.Fetch(ctx, "http://api.example/b", cfg); err == nil {
			return nil
		}
		pause()
	}
	return err
}

// ConfigOn retries twice inside each attempt.
func ConfigOn(ctx context.Context) error { // want ConfigOn:`retries\(attempts=12\)`
	var err error
	for i := 0; i < 4; i++ {
		if err = lookupkit.Fetch(ctx, "http://api.example/b", lookupkit.Config{MaxRetries: 2}); err == nil { // want `4 x 3 = 12 calls`
			return nil
		}
		pause()
	}
	return err
}

// ClientOff builds a client that does not retry for this call.
func ClientOff(ctx context.Context) error { // want ClientOff:`retries\(attempts=4\)`
	c := &lookupkit.Client{Retries: 0}
	var err error
	for i := 0; i < 4; i++ {
		if err = c.Get(ctx, "http://api.example/c"); err == nil {
			return nil
		}
		pause()
	}
	return err
}

// ClientOn keeps two retries.
func ClientOn(ctx context.Context) error { // want ClientOn:`retries\(attempts=12\)`
	c := &lookupkit.Client{Retries: 2}
	var err error
	for i := 0; i < 4; i++ {
		if err = c.Get(ctx, "http://api.example/c"); err == nil { // want `4 x 3 = 12 calls`
			return nil
		}
		pause()
	}
	return err
}

// attempt retries as told, and calls a function that retries anyway.
func attempt(n int) error { // want attempt:`retries\(attempts=0\)`
	var err error
	for i := 0; i < n; i++ {
		if err = lookupkit.Lookup(context.Background(), "http://api.example/d"); err == nil { // want `retry inside a retry`
			return nil
		}
		pause()
	}
	return err
}

// once asks for one attempt, and counts as no retry.
func once(n int) error { // want once:`retries\(attempts=0\)`
	var err error
	for i := 0; i < n; i++ {
		resp, err := http.Get("http://api.example/e")
		if err == nil {
			return resp.Body.Close()
		}
		pause()
	}
	return err
}

// Local gives its own function one attempt; Nested one that still
// reaches a retry.
func Local(ctx context.Context) error { // want Local:`retries\(attempts=5\)`
	return retry.Do(func() error { return once(1) }, retry.Attempts(5), retry.Context(ctx))
}

func Nested(ctx context.Context) error { // want Nested:`retries\(attempts=0\)`
	return retry.Do(func() error { return attempt(1) }, retry.Attempts(5), retry.Context(ctx)) // want `retry inside a retry`
}
