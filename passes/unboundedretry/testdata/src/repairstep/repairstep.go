// Package repairstep retries a write after repairing its cause (a blind-labelled repository: a key-value client that renews its token after a 401 and prunes old versions).
package repairstep

import (
	"context"
	"errors"
)

type APIError struct{ Code int }

func (e *APIError) Error() string { return "api" }

type Store struct{}

func (m *Store) create() error  { return nil }
func (m *Store) refresh() error { return nil }
func (m *Store) remove() error  { return nil }

func isUnauthorized(err error) bool {
	var e *APIError
	return errors.As(err, &e) && e.Code == 16
}

func isMaxVersion(err error) bool {
	var e *APIError
	return errors.As(err, &e) && e.Code == 8
}

func retryable(err error) bool { return !isUnauthorized(err) }

// The token is renewed once after a 401; a full version history is
// pruned and the write sent again, as often as it fails so, at once. The
// refresh's own check gives up, it does not turn the failed write into a
// success; the counter bounds only the 401 branch.
func (m *Store) Set() error {
	maxRetries := 1
	retryCount := 0
	for { // want `retry loop can run forever`
		err := m.create()
		if err == nil {
			return nil
		}
		if isUnauthorized(err) && retryCount < maxRetries {
			if err := m.refresh(); err != nil {
				return err
			}
			retryCount++
			continue
		}
		if isMaxVersion(err) {
			if err := m.remove(); err != nil {
				return err
			}
			continue
		}
		return err
	}
}

// Not reported: a single refresh-then-retry.
func (m *Store) SetOnce() error {
	maxRetries := 1
	retryCount := 0
	for {
		err := m.create()
		if err == nil {
			return nil
		}
		if isUnauthorized(err) && retryCount < maxRetries {
			if err := m.refresh(); err != nil {
				return err
			}
			retryCount++
			continue
		}
		return err
	}
}

// Not reported: the counter is compared on every retry path.
func (m *Store) SetBounded() error {
	n := 0
	for {
		err := m.create()
		if err == nil {
			return nil
		}
		if retryable(err) && n < 3 {
			n++
			continue
		}
		return err
	}
}

// Lock waits for a lock held by a stale session: on a timeout it removes
// the stale holders (a repair whose own failure gives up) and tries
// again, and any other error goes round too, with nothing limiting it.
func (m *Store) Lock() error {
	for { // want `retry loop can run forever`
		err := m.create()
		if err == nil {
			return nil
		}
		if isMaxVersion(err) {
			err = m.remove()
			if err != nil {
				return err
			}
			continue
		}
	}
}

// LockBounded is the same, bounded by an attempt count.
func (m *Store) LockBounded() error {
	var err error
	for i := 0; i < 5; i++ {
		err = m.create()
		if err == nil {
			return nil
		}
		if isMaxVersion(err) {
			err = m.remove()
			if err != nil {
				return err
			}
			continue
		}
	}
	return err
}

func (m *Store) exec(ctx context.Context) error  { return nil }
func (m *Store) prune(ctx context.Context) error { return nil }

// LockCtx passes its context to the attempt, but a cancelled attempt goes
// round like any other failure: only the repair's failure returns.
func (m *Store) LockCtx(ctx context.Context) error {
	for { // want `retry loop can run forever`
		err := m.exec(ctx)
		if err == nil {
			return nil
		}
		if isMaxVersion(err) {
			err = m.prune(ctx)
			if err != nil {
				return err
			}
			continue
		}
	}
}
