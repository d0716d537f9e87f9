// Package gotoretry posts ledger entries and retries with goto, the way
// some older services do.
package gotoretry

import (
	"context"
	"errors"
	"math/rand"
	"time"
)

type Ledger struct {
	post func(ctx context.Context, entry string) error
}

var errClosed = errors.New("ledger closed")

func jittered(d time.Duration) time.Duration {
	return d/2 + time.Duration(rand.Int63n(int64(d/2)+1))
}

// sleepCtx waits for d or until ctx is done.
func sleepCtx(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// Post goes back to the label after every failure, forever.
func (l *Ledger) Post(ctx context.Context, entry string) {
again: // want `retry loop can run forever: this goto goes back after each failure`
	if err := l.post(ctx, entry); err != nil {
		time.Sleep(jittered(time.Second))
		goto again
	}
}

// PostHot retries at once, forever.
func (l *Ledger) PostHot(ctx context.Context, entry string) error {
retry: // want `retry loop can run forever: this goto goes back after each failure`
	err := l.post(ctx, entry)
	if err != nil {
		goto retry
	}
	return nil
}

// PostCounted stops after three attempts.
func (l *Ledger) PostCounted(ctx context.Context, entry string) error {
	attempt := 0
retry:
	err := l.post(ctx, entry)
	if err != nil && attempt < 3 {
		attempt++
		time.Sleep(jittered(time.Second))
		goto retry
	}
	return err
}

// PostUntilCancelled stops when the caller's context is done.
func (l *Ledger) PostUntilCancelled(ctx context.Context, entry string) error {
retry:
	if err := l.post(ctx, entry); err != nil {
		if err := sleepCtx(ctx, jittered(time.Second)); err != nil {
			return err
		}
		goto retry
	}
	return nil
}

// PostOrFail jumps forward to its error handling: not a retry.
func (l *Ledger) PostOrFail(ctx context.Context, entry string) error {
	err := l.post(ctx, entry)
	if err != nil {
		goto fail
	}
	return nil
fail:
	return errors.Join(errClosed, err)
}

// PostCountedAfter counts the attempts in a test that returns.
func (l *Ledger) PostCountedAfter(ctx context.Context, entry string) error {
	tries := 0
retry:
	tries++
	err := l.post(ctx, entry)
	if err == nil {
		return nil
	}
	if tries >= 5 {
		return err
	}
	time.Sleep(jittered(time.Second))
	goto retry
}

type rowReader interface {
	Read() ([]string, error)
}

// nextRow skips short rows of a stream with a goto: each jump reads the
// next row, and the end of the stream (io.EOF) is not a success test.
func nextRow(r rowReader) ([]string, bool) {
readRow:
	row, err := r.Read()
	if err == errEOF {
		return nil, false
	}
	if err != nil {
		return nil, false
	}
	if len(row) <= 1 {
		goto readRow
	}
	return row, true
}

var errEOF = errors.New("EOF")

// PostRetriedOnce goes back once: the flag it sets on the way stays set.
func (l *Ledger) PostRetriedOnce(ctx context.Context, entry string) error {
	var retried bool
retry:
	err := l.post(ctx, entry)
	if err != nil {
		if !retried && !errors.Is(err, errClosed) {
			retried = true
			goto retry
		}
		return err
	}
	return nil
}

// PostFlagReset clears its flag after each failure: the flag bounds nothing.
func (l *Ledger) PostFlagReset(ctx context.Context, entry string) error {
	retried := false
retry: // want `retry loop can run forever: this goto goes back after each failure`
	err := l.post(ctx, entry)
	if err != nil {
		if !retried {
			retried = true
			time.Sleep(jittered(time.Second))
			retried = false
			goto retry
		}
		return err
	}
	return nil
}
