// Package ampdisjoint nests a retry that stops only when its context ends
// (a lock acquisition that waits while the lock is held) in retries that
// stop on the same context (issue 33, kind 3): the inner retry gives up
// only when the context has ended, which stops the outer site too, so the
// attempts do not multiply. The failures the outer site retries are those
// the inner one returns at once.
package ampdisjoint

import (
	"context"
	"math/rand"
	"net/http"
	"os"
	"time"

	"github.com/avast/retry-go/v4"
)

// tryLock tries once to take a lock file.
func tryLock(path string) (bool, error) {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
	if err != nil {
		if os.IsExist(err) {
			return false, nil
		}
		return false, err
	}
	return true, f.Close()
}

// acquire waits while the lock is held, until ctx ends; any other error
// it returns at once.
func acquire(ctx context.Context, path string) error { // want acquire:`retries\(attempts=0, until parameter 0 is done\)`
	for {
		ok, err := tryLock(path)
		if err != nil {
			return err
		}
		if ok {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Duration(50+rand.Intn(100)) * time.Millisecond):
		}
	}
}

func work() error {
	resp, err := http.Get("http://api.example/work")
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Run retries the work and the lock's other errors, and stops on ctx.
func Run(ctx context.Context) error { // want Run:`retries\(attempts=0\)`
	for {
		err := acquire(ctx, "/tmp/lock")
		if err == nil {
			err = work()
		}
		if err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Duration(rand.Intn(1000)) * time.Millisecond):
		}
	}
}

// RunHelper is Run with retry-go, stopped by the same context.
func RunHelper(ctx context.Context) error { // want RunHelper:`retries\(attempts=5\)`
	return retry.Do(func() error {
		if err := acquire(ctx, "/tmp/lock"); err != nil {
			return err
		}
		return work()
	}, retry.Context(ctx), retry.Attempts(5))
}

// RunTimeout gives the lock a second of its own: it gives up while the
// outer loop goes on, five times.
func RunTimeout(ctx context.Context) error { // want RunTimeout:`retries\(attempts=0\)`
	for i := 0; i < 5; i++ {
		tctx, cancel := context.WithTimeout(ctx, time.Second)
		err := acquire(tctx, "/tmp/lock") // want `retry inside a retry`
		cancel()
		if err == nil {
			return work()
		}
		time.Sleep(time.Duration(rand.Intn(1000)) * time.Millisecond)
	}
	return nil
}

// RunUnbound does not stop on the lock's context.
func RunUnbound(ctx context.Context) error { // want RunUnbound:`retries\(attempts=0\)`
	for i := 0; i < 5; i++ {
		if err := acquire(ctx, "/tmp/lock"); err == nil { // want `retry inside a retry`
			return work()
		}
		time.Sleep(time.Duration(rand.Intn(1000)) * time.Millisecond)
	}
	return nil
}
