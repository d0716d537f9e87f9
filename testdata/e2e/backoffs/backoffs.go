// Package backoffs configures the retry libraries, well and badly.
package backoffs

import (
	"context"
	"errors"
	"time"

	retrygo "github.com/avast/retry-go/v4"
	backoff "github.com/cenkalti/backoff/v4"
	backoff5 "github.com/cenkalti/backoff/v5"
	retry "github.com/sethvargo/go-retry"
)

var errTemp = errors.New("temporary")

func op() error { return errTemp }

func Hot() {
	for {
		if err := op(); err == nil {
			return
		}
	}
}

func Doubling(ctx context.Context) error {
	d := 100 * time.Millisecond
	for i := 0; i < 8; i++ {
		if err := op(); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(d):
		}
		d *= 2
	}
	return errTemp
}

func Policies(ctx context.Context) {
	_ = retrygo.Do(op, retrygo.Attempts(0), retrygo.DelayType(retrygo.FixedDelay))
	_ = retry.Do(ctx, retry.NewExponential(time.Second), func(ctx context.Context) error { return op() })

	b := backoff.NewExponentialBackOff()
	b.MaxElapsedTime = 0
	_ = backoff.Retry(op, b)

	_, _ = backoff5.Retry(ctx, func() (int, error) { return 0, op() }, backoff5.WithMaxElapsedTime(0))

	// Safe.
	_ = retry.Do(ctx, retry.WithMaxRetries(3, retry.WithCappedDuration(time.Minute, retry.WithJitterPercent(10, retry.NewExponential(time.Second)))), func(ctx context.Context) error { return op() })
	_, _ = backoff5.Retry(ctx, func() (int, error) { return 0, op() })
}

func Amplified() error {
	return retrygo.Do(func() error {
		return backoff.Retry(op, backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 3))
	}, retrygo.Attempts(3))
}
