// want package:`waits Relay Retry RetryWaiting`

// Package goattempt runs each attempt in a goroutine so that the round can
// also wait for its context; the goroutine hands a failure back on a
// channel of errors and a success on another. A failure received goes
// round at once.
package goattempt

import (
	"context"
	"math/rand/v2"
	"net/http"
	"time"
)

type Balancer interface {
	Endpoint() (func(context.Context) (*http.Response, error), error)
}

func Retry(ctx context.Context, b Balancer, max int, decide func(int, error) (bool, error)) (*http.Response, error) {
	responses := make(chan *http.Response, 1)
	errs := make(chan error, 1)
	for i := 1; ; i++ { // want `retry loop retries at once`
		go func() {
			e, err := b.Endpoint()
			if err != nil {
				errs <- err
				return
			}
			resp, err := e(ctx)
			if err != nil {
				errs <- err
				return
			}
			responses <- resp
		}()
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case resp := <-responses:
			return resp, nil
		case err := <-errs:
			keepTrying, replacement := decide(i, err)
			if replacement != nil {
				err = replacement
			}
			if !keepTrying || i >= max {
				return nil, err
			}
			continue
		}
	}
}

// RetryWaiting waits a random while after a failure: silent.
func RetryWaiting(ctx context.Context, b Balancer, max int) (*http.Response, error) {
	responses := make(chan *http.Response, 1)
	errs := make(chan error, 1)
	for i := 1; ; i++ {
		go func() {
			e, err := b.Endpoint()
			if err != nil {
				errs <- err
				return
			}
			resp, err := e(ctx)
			if err != nil {
				errs <- err
				return
			}
			responses <- resp
		}()
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case resp := <-responses:
			return resp, nil
		case err := <-errs:
			if i >= max {
				return nil, err
			}
		}
		time.Sleep(time.Duration(rand.Int64N(int64(time.Second))))
	}
}

// Relay hands every answer back on one channel, a nil error with a
// success: what it receives is no failure, and the loop that goes round
// on each answer relays them: silent.
func Relay(ctx context.Context, b Balancer, out chan<- error) {
	errs := make(chan error, 1)
	for {
		go func() {
			e, err := b.Endpoint()
			if err == nil {
				_, err = e(ctx)
			}
			errs <- err
		}()
		select {
		case <-ctx.Done():
			return
		case err := <-errs:
			out <- err
		}
	}
}
