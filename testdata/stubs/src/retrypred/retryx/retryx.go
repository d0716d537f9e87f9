// Package retryx is a retry helper of the program that is told which
// errors to retry by a predicate its callers pass.
package retryx

import (
	"context"
	"time"
)

// Do runs op up to five times while retryable says its error may pass.
func Do(ctx context.Context, op func() error, retryable func(error) bool) error {
	var err error
	for i := 0; i < 5; i++ {
		err = op()
		if err == nil || !retryable(err) {
			return err
		}
		time.Sleep(time.Second)
	}
	return err
}

// DoLogged asks its predicate only to log: every error goes round.
func DoLogged(ctx context.Context, op func() error, retryable func(error) bool) error {
	var err error
	for i := 0; i < 5; i++ {
		if err = op(); err == nil {
			return nil
		}
		if !retryable(err) {
			println("unexpected error")
		}
		time.Sleep(time.Second)
	}
	return err
}
