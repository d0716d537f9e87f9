// Package sitesdep declares retry helpers used by package sites, to check
// that HelperFact crosses packages.
package sitesdep

import (
	"context"
	"errors"
	"net/http"
	"os"
	"time"
)

// Retry is a user-defined retry helper.
func Retry(attempts int, op func() error) error { // (facts are checked by the caller's reports)
	var err error
	for i := 0; i < attempts; i++ { // want `retry loop bounded=true waits=1`
		if err = op(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Twice calls its argument twice but does not retry it.
func Twice(op func() error) {
	_ = op()
	_ = op()
}

// SleepCtx is a context-aware wait helper: a call of it is a wait.
func SleepCtx(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// SleepThenPing waits and then sends: an operation, not a wait helper.
func SleepThenPing(ctx context.Context, d time.Duration, ping func() error) error {
	time.Sleep(d)
	return ping()
}

// IsSuccess is a status predicate of the program: true for 2xx only.
func IsSuccess(code int) bool { return code >= 200 && code < 300 }

// DrainAndClose releases a response.
func DrainAndClose(resp *http.Response) { resp.Body.Close() }

// TryLockFile takes a lock file by creating it: false when another
// process holds it. Its LockFact makes a loop of another package that
// goes round on false wait for the lock.
func TryLockFile(path string) (bool, error) {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
	if errors.Is(err, os.ErrExist) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return true, f.Close()
}
