// want package:`waits Ledger.Post Ledger.PostJittered`

// Package gotoretry posts ledger entries and retries with goto, the way
// some older services do.
package gotoretry

import (
	"context"
	"math/rand"
	"time"
)

type Ledger struct {
	post func(ctx context.Context, entry string) error
}

// Post waits a fixed second before going back.
func (l *Ledger) Post(ctx context.Context, entry string) error {
	attempt := 0
again:
	if err := l.post(ctx, entry); err != nil && attempt < 5 {
		attempt++
		time.Sleep(time.Second) // want `retry delay has no jitter`
		goto again
	}
	return nil
}

// PostHot goes back at once.
func (l *Ledger) PostHot(ctx context.Context, entry string) error {
	attempt := 0
retry: // want `retry loop retries at once, with no delay between attempts`
	err := l.post(ctx, entry)
	if err != nil && attempt < 3 {
		attempt++
		goto retry
	}
	return err
}

// PostJittered waits a capped, jittered delay.
func (l *Ledger) PostJittered(ctx context.Context, entry string) error {
	attempt := 0
retry:
	err := l.post(ctx, entry)
	if err != nil && attempt < 5 {
		attempt++
		d := min(time.Duration(attempt)*time.Second, 10*time.Second)
		time.Sleep(d/2 + time.Duration(rand.Int63n(int64(d/2)+1)))
		goto retry
	}
	return err
}

// Drain moves on to the next entry after a failure: a forward goto past
// the error handling, not a retry.
func (l *Ledger) Drain(ctx context.Context, entries []string) int {
	failed := 0
	for _, e := range entries {
		if err := l.post(ctx, e); err != nil {
			goto next
		}
		continue
	next:
		failed++
	}
	return failed
}

// PostRetriedOnce goes back once, at once: one immediate retry makes no
// storm.
func (l *Ledger) PostRetriedOnce(ctx context.Context, entry string) error {
	var retried bool
retry:
	err := l.post(ctx, entry)
	if err != nil && !retried {
		retried = true
		goto retry
	}
	return err
}

// PostTwoWays goes back from two branches, a failed post and a failed
// confirmation: each branch's wait is a retry delay.
func (l *Ledger) PostTwoWays(ctx context.Context, entry string, confirm func() error) error {
	retries := 1
retry:
	if err := l.post(ctx, entry); err != nil {
		if retries > 0 {
			retries--
			time.Sleep(time.Second) // want `retry delay has no jitter`
			goto retry
		}
		return err
	}
	if err := confirm(); err != nil && retries > 0 {
		retries--
		time.Sleep(2 * time.Second) // want `retry delay has no jitter`
		goto retry
	}
	return nil
}
