package shop

import (
	"context"
	"errors"
	"time"

	"example.com/e2e/shop/locking"
)

var errLockLost = errors.New("shop: lock lost")

func (s *Service) work(ctx context.Context, jobID string) error { return nil }

// RunJob takes the lock through package locking's helper and key function,
// then releases it with a plain DEL of the same key: reported at the Del.
func (s *Service) RunJob(ctx context.Context, jobID string) error {
	_, ok, err := s.locks.TryLock(ctx, locking.Key(jobID), 30*time.Second)
	if err != nil || !ok {
		return err
	}
	defer s.rdb.Del(ctx, locking.Key(jobID))
	return s.work(ctx, jobID)
}

// Extend checks ownership with a GET and then extends the TTL separately:
// the lock may have passed to another holder in between. Reported at the
// PExpire.
func (s *Service) Extend(ctx context.Context, jobID, token string) error {
	if s.rdb.Get(ctx, locking.Key(jobID)).Val() != token {
		return errLockLost
	}
	return s.rdb.PExpire(ctx, locking.Key(jobID), 30*time.Second).Err()
}
