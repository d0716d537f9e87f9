// Package redialsvc retries calls of a client that retries by recursion.
package redialsvc

import (
	"context"
	"time"

	"redialkit"
)

type Syncer struct{ c *redialkit.Client }

func (s *Syncer) Sync(ctx context.Context) error { // want Sync:"retries\\(attempts=0\\)"
	var err error
	for i := 0; i < 3; i++ {
		if err = s.c.Get(ctx, "/items", 0); err == nil { // want `retry inside a retry`
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// SyncOnce retries a call that does not retry.
func (s *Syncer) SyncOnce(ctx context.Context) error { // want SyncOnce:"retries\\(attempts=3\\)"
	var err error
	for i := 0; i < 3; i++ {
		if err = s.c.Once(ctx, "/items"); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Refresh calls the retrying client once, outside any retry.
func (s *Syncer) Refresh(ctx context.Context) error { // want Refresh:"retries\\(attempts=0\\)"
	return s.c.Get(ctx, "/items", 0)
}
