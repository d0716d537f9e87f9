// Package eventstore remembers which events a consumer has handled, one
// Redis command per method; callers in other packages combine them.
package eventstore

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"
)

type Store struct {
	rdb *redis.Client
	ttl time.Duration
}

func New(rdb *redis.Client) *Store { return &Store{rdb: rdb, ttl: 24 * time.Hour} }

func handledKey(id string) string { return fmt.Sprintf("events:handled:%s", id) }

// Handled reports whether the event was handled already.
func (s *Store) Handled(ctx context.Context, id string) (bool, error) { // want Handled:`GET eventstore\.handledKey\(\$1\)`
	err := s.rdb.Get(ctx, handledKey(id)).Err()
	if errors.Is(err, redis.Nil) {
		return false, nil
	}
	return err == nil, err
}

// MarkHandled records the event as handled.
func (s *Store) MarkHandled(ctx context.Context, id string) error { // want MarkHandled:`SET eventstore\.handledKey\(\$1\)`
	return s.rdb.Set(ctx, handledKey(id), "1", s.ttl).Err()
}

// Claim takes the event in one step; it reports whether this caller got it.
func (s *Store) Claim(ctx context.Context, id string) (bool, error) { // want Claim:`NX eventstore\.handledKey\(\$1\)`
	return s.rdb.SetNX(ctx, handledKey(id), "1", s.ttl).Result()
}

// Pending counts the retries of an event, a different key.
func (s *Store) Pending(ctx context.Context, id string) (int64, error) { // want Pending:`EXISTS "events:retry:"\+\$1`
	return s.rdb.Exists(ctx, "events:retry:"+id).Result()
}

// Summary reads a cached summary.
func (s *Store) Summary(ctx context.Context, id string) (string, error) { // want Summary:`GET "events:summary:"\+\$1`
	return s.rdb.Get(ctx, "events:summary:"+id).Result()
}

// CacheSummary fills the cache with computed data (no fact: a racing fill
// is harmless).
func (s *Store) CacheSummary(ctx context.Context, id, summary string) error {
	return s.rdb.Set(ctx, "events:summary:"+id, summary, time.Hour).Err()
}
