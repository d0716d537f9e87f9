package amplify

import (
	"context"
	"database/sql/driver"
	"errors"
	"time"

	"amplifydep"
	"amplifymid"

	retrygo "github.com/avast/retry-go/v4"
	backoff "github.com/cenkalti/backoff/v4"
	"github.com/hashicorp/go-retryablehttp"
)

func op() error { return nil }

// --- reported ---

func nestedLoops() error { // want nestedLoops:`retries\(attempts=12\)`
	var err error
	for i := 0; i < 4; i++ {
		for j := 0; j < 3; j++ { // want `retry inside a retry: every outer attempt runs the inner retry again, so 4 x 3 = 12 calls when the dependency keeps failing; retry at one layer only`
			if err = op(); err == nil {
				break
			}
		}
		if err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func callsRetryingFunc() error { // want callsRetryingFunc:`retries\(attempts=9\)`
	var err error
	for range 3 {
		if err = amplifydep.Load(); err == nil { // want `retry inside a retry: every outer attempt runs the inner retry again, so 3 x 3 = 9 calls`
			return nil
		}
	}
	return err
}

func helperAroundRetry() error { // want helperAroundRetry:`retries\(attempts=30\)`
	return retrygo.Do(func() error {
		return amplifydep.Fetch() // want `retry inside a retry: every outer attempt runs the inner retry again, so 10 x 3 = 30 calls`
	})
}

func helperNamedOp() error { // want helperNamedOp:`retries\(attempts=0\)`
	return backoff.Retry(amplifydep.Fetch, backoff.NewExponentialBackOff()) // want `retry inside a retry: every outer attempt runs the inner retry again, so the attempts multiply`
}

func clientInLoop() error { // want clientInLoop:`retries\(attempts=15\)`
	c := retryablehttp.NewClient()
	var err error
	for i := 0; i < 3; i++ {
		if _, err = c.Get("http://x"); err == nil { // want `3 x 5 = 15 calls`
			return nil
		}
	}
	return err
}

func recursive(n int) error { // want recursive:`retries\(attempts=0\)`
	for i := 0; i < 2; i++ {
		if err := recursive(n - 1); err == nil { // want `retry inside a retry`
			return nil
		}
	}
	return nil
}

func nestedHelpers(ctx context.Context) error { // want nestedHelpers:`retries\(attempts=10\)`
	return retrygo.Do(func() error {
		return retrygo.Do(op, retrygo.Attempts(2)) // want `5 x 2 = 10 calls`
	}, retrygo.Attempts(5))
}

// --- not reported ---

func sequential() error { // want sequential:`retries\(attempts=3\)`
	for i := 0; i < 3; i++ {
		if err := op(); err == nil {
			break
		}
	}
	for i := 0; i < 3; i++ {
		if err := op(); err == nil {
			return nil
		}
	}
	return nil
}

func innerAfterSuccess() error { // want innerAfterSuccess:`retries\(attempts=3\)`
	for i := 0; i < 3; i++ {
		if err := op(); err != nil {
			continue
		}
		return amplifydep.Fetch() // runs once, after the outer attempt succeeded
	}
	return nil
}

func callsOnce() error { // want callsOnce:`retries\(attempts=3\)`
	for i := 0; i < 3; i++ {
		if err := amplifydep.Once(); err == nil {
			return nil
		}
	}
	return nil
}

func throughInterface(g amplifydep.Getter) error { // want throughInterface:`retries\(attempts=3\)`
	for i := 0; i < 3; i++ {
		if err := g.Get(); err == nil {
			return nil
		}
	}
	return nil
}

func clientRetriesOff() error { // want clientRetriesOff:`retries\(attempts=3\)`
	c := retryablehttp.NewClient()
	c.RetryMax = 0
	for i := 0; i < 3; i++ {
		if _, err := c.Get("http://x"); err == nil {
			return nil
		}
	}
	return nil
}

// A three-package chain: handler -> amplifymid.Service.Sync (4 attempts) ->
// amplifydep.Fetch (3 attempts).
func handler(s amplifymid.Service) error { // want handler:`retries\(attempts=24\)`
	for i := 0; i < 2; i++ {
		if err := s.Sync(); err == nil { // want `2 x 12 = 24 calls`
			return nil
		}
	}
	return nil
}

// A method value as the operation of a retry helper.
func methodValue(s amplifymid.Service) error { // want methodValue:`retries\(attempts=120\)`
	return retrygo.Do(s.Sync) // want `10 x 12 = 120 calls`
}

// store is the package's only implementation of saver.
type saver interface{ Save() error }

type store struct{}

func (store) Save() error { return amplifydep.Fetch() } // want Save:`retries\(attempts=3\)`

func throughSingleImplementation(s saver) error { // want throughSingleImplementation:`retries\(attempts=6\)`
	for i := 0; i < 2; i++ {
		if err := s.Save(); err == nil { // want `2 x 3 = 6 calls`
			return nil
		}
	}
	return nil
}

// No site of its own: it retries through saver's sole implementation.
func viaSaver(s saver) error { return s.Save() } // want viaSaver:`retries\(attempts=3\)`

type publisher interface{ Publish(msg string) error }

// retryPublisher is the package's only publisher, and it wraps another
// (watermill's RetryPublisher): the publisher it calls is not itself.
type retryPublisher struct{ pub publisher }

func (p retryPublisher) Publish(msg string) error { // want Publish:`retries\(attempts=3\)`
	for i := 0; i < 3; i++ {
		if err := p.pub.Publish(msg); err == nil {
			return nil
		}
	}
	return nil
}

// Like database/sql's retry on a broken pooled connection: nothing reached
// the server, so it multiplies nothing and is not a retry that counts.
func query() error {
	for i := 0; i < 2; i++ {
		err := op()
		if err == nil || !errors.Is(err, driver.ErrBadConn) {
			return err
		}
	}
	return op()
}

func retriesQuery() error { // want retriesQuery:`retries\(attempts=3\)`
	for i := 0; i < 3; i++ {
		if err := query(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return nil
}

type pool struct{}

// retry runs fn again only on a broken pooled connection, as database/sql
// does: calls through it are not retries that count either.
func (p *pool) retry(fn func() error) error {
	for i := 0; i < 2; i++ {
		err := fn()
		if err == nil || !errors.Is(err, driver.ErrBadConn) {
			return err
		}
	}
	return fn()
}

func (p *pool) begin() error { return p.retry(op) }

func retriesBegin(p *pool) error { // want retriesBegin:`retries\(attempts=3\)`
	for i := 0; i < 3; i++ {
		if err := p.begin(); err == nil {
			return nil
		}
	}
	return nil
}

// The attempts may be held in a local variable set once.
func localLimitOuter() error { // want localLimitOuter:`retries\(attempts=9\)`
	maxRetries := 3
	for i := 0; i < maxRetries; i++ {
		if err := amplifydep.Fetch(); err == nil { // want `3 x 3 = 9 calls`
			return nil
		}
	}
	return nil
}
