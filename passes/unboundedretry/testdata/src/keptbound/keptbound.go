// Package keptbound pings a server until it answers. The count of
// failures is tested through a boolean the round keeps
// (outOfRetries := retryCount >= maxRetries) and tested later: that is
// the bound. A boolean that keeps a test of the error's kind bounds
// nothing.
package keptbound

import (
	"context"
	"errors"
	"log"
	"time"
)

var errTemporary = errors.New("temporary")

type Pinger interface {
	Ping(ctx context.Context) error
}

// ensure gives up after six failed pings.
func ensure(ctx context.Context, p Pinger) bool {
	const maxRetries = 6
	retryCount := 0
	for {
		err := p.Ping(ctx)
		if err == nil {
			return true
		}
		outOfRetries := retryCount >= maxRetries
		log.Printf("ping failed (giving up: %t): %v", outOfRetries, err)
		if outOfRetries {
			return false
		}
		time.Sleep(5 * time.Second)
		retryCount++
	}
}

// ensureTransient goes round on every temporary failure, for ever.
func ensureTransient(ctx context.Context, p Pinger) bool {
	for { // want `retry loop can run forever`
		err := p.Ping(ctx)
		if err == nil {
			return true
		}
		transient := errors.Is(err, errTemporary)
		if !transient {
			return false
		}
		time.Sleep(5 * time.Second)
	}
}
