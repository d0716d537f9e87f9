// Package stopdecision ends its retries through a decision the loop does
// not spell out as a comparison: a policy handed the attempt count, or a
// flag the condition reads, set once a deadline passed.
package stopdecision

import (
	"context"
	"errors"
	"time"
)

type Backoff interface {
	Next(retry int) (time.Duration, bool)
}

type Classifier interface {
	Retryable(err error) bool
}

var errDown = errors.New("down")

func ping(ctx context.Context) error { return errDown }

// Retry asks its policy, given the count, whether to go on.
func Retry(op func() error, b Backoff) error {
	var err error
	n := 0
	for {
		if err = op(); err == nil {
			return nil
		}
		n++
		wait, retry := b.Next(n)
		if !retry {
			return err
		}
		time.Sleep(wait)
	}
}

// RetryClassified asks only whether the error may pass: nothing counts.
func RetryClassified(op func() error, c Classifier) error {
	for { // want `retry loop can run forever`
		err := op()
		if err == nil {
			return nil
		}
		if !c.Retryable(err) {
			return err
		}
		time.Sleep(time.Second)
	}
}

// Health sets done once its deadline passed; the condition ends the loop.
func Health(ctx context.Context, timeout time.Duration) error {
	start := time.Now()
	done := false
	var lastErr error
	for !done {
		if lastErr = ping(ctx); lastErr == nil {
			return nil
		}
		time.Sleep(time.Second)
		if time.Since(start) > timeout {
			done = true
		}
	}
	return lastErr
}

// HealthForever sets done only after a success.
func HealthForever(ctx context.Context) error {
	done := false
	for !done { // want `retry loop can run forever`
		if err := ping(ctx); err == nil {
			done = true
			continue
		}
		time.Sleep(time.Second)
	}
	return nil
}

func waitForEvents(closeCh <-chan struct{}, retryCh <-chan struct{}) bool {
	select {
	case <-closeCh:
		return true
	case <-retryCh:
		return false
	}
}

func watch() error { return errDown }

// Watch sets its watch up again after each event, and leaves when the
// close channel waitForEvents is given was closed.
func Watch(closeCh <-chan struct{}) {
	retryCh := make(chan struct{}, 1)
	for {
		if err := watch(); err != nil {
			time.AfterFunc(time.Second, func() { retryCh <- struct{}{} })
		}
		quit := waitForEvents(closeCh, retryCh)
		if quit {
			return
		}
	}
}

// WatchForever waits on the retry channel only.
func WatchForever() {
	retryCh := make(chan struct{}, 1)
	for { // want `retry loop can run forever`
		if err := watch(); err != nil {
			time.AfterFunc(time.Second, func() { retryCh <- struct{}{} })
		}
		<-retryCh
	}
}
