// want package:`waits`

// Package cleanupstep retries with steps around the attempt that are not
// attempts: a clean-up whose error is only logged, a cache flush before
// the wait, and a loop whose post statement makes each later attempt.
package cleanupstep

import (
	"context"
	"errors"
	"log"
	"os"
	"time"
)

func download(url, dir string) error { return nil }

var errChecksum = errors.New("checksum")

// Download removes what a failed attempt left before the next one; the
// removal's error, tested where it is made, is only logged.
func Download(url, dir string) error {
	const maxRetries = 8
	next := 5 * time.Second
	for i := range maxRetries {
		err := download(url, dir)
		if err == nil {
			return nil
		}
		if errors.Is(err, errChecksum) {
			return err
		}
		if i != maxRetries-1 {
			time.Sleep(next) // want `retry delay has no jitter`
			next *= 2
			if err := os.RemoveAll(dir); err != nil {
				log.Printf("unable to remove %v: %v", dir, err)
			}
		}
	}
	return errors.New("unable to download")
}

type store struct{}

func (store) flush(ctx context.Context) error            { return nil }
func (store) list(ctx context.Context) ([]string, error) { return nil, nil }
func (store) fetch(ctx context.Context, ids []string) error {
	return nil
}

var errNotFound = errors.New("not found")

// Load flushes the caches and waits before every attempt but the first;
// the flush's error is logged, and decides nothing.
func Load(ctx context.Context, st store) error {
	next := 100 * time.Millisecond
	for i := range 10 {
		if err := ctx.Err(); err != nil {
			return err
		}
		if i > 0 {
			flushErr := st.flush(ctx)
			log.Printf("flush caches: %v", flushErr)
			time.Sleep(min(next, 5*time.Second)) // want `retry delay has no jitter`
			next *= 2
		}
		ids, err := st.list(ctx)
		if err != nil {
			return err
		}
		err = st.fetch(ctx, ids)
		if err == nil {
			return nil
		}
		if !errors.Is(err, errNotFound) {
			return err
		}
	}
	return errors.New("unable to load")
}

func refreshOnce(ctx context.Context) error { return nil }

// Refresh's post statement makes every later attempt, and the condition
// tests it.
func Refresh(ctx context.Context) error {
	next := 100 * time.Millisecond
	for err := refreshOnce(ctx); err != nil; err = refreshOnce(ctx) {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		log.Printf("refresh failed: %v", err)
		time.Sleep(next) // want `retry delay has no jitter`
		next = min(next*3/2, 15*time.Second)
	}
	return nil
}

func push(ctx context.Context) error { return nil }

// Report pushes every minute and logs a failure: a periodic task, whose
// only call's error is logged, not a retry.
func Report(ctx context.Context) {
	for ctx.Err() == nil {
		err := push(ctx)
		log.Printf("push: %v", err)
		time.Sleep(time.Minute)
	}
}

func step(ctx context.Context) error { return nil }

// Walk's post statement moves a cursor, not an attempt: no retry.
func Walk(ctx context.Context, items []string) {
	for i := 0; i < len(items); i++ {
		if err := step(ctx); err != nil {
			log.Print(err)
		}
		time.Sleep(time.Second)
	}
}
