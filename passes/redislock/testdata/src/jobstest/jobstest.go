// Package jobstest is the kind of internal test-support package a job
// queue keeps beside its code: helpers that take a testing.TB and seed
// Redis with the keys the code under test reads. It is not a _test.go
// file, but its SET NX calls set up fixtures, not locks.
package jobstest

import (
	"context"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
)

type Job struct {
	ID        string
	UniqueKey string
}

// SeedPending writes each job and the uniqueness key it holds.
func SeedPending(tb testing.TB, rdb *redis.Client, jobs []Job) {
	tb.Helper()
	ctx := context.Background()
	for _, j := range jobs {
		if err := rdb.Set(ctx, "job:"+j.ID, "pending", 0).Err(); err != nil {
			tb.Fatal(err)
		}
		if j.UniqueKey != "" {
			err := rdb.SetNX(ctx, j.UniqueKey, j.ID, time.Minute).Err()
			if err != nil {
				tb.Fatalf("seed unique key: %v", err)
			}
		}
	}
}

// SeedPaused marks a queue paused for good, as an operator would.
func SeedPaused(t *testing.T, rdb *redis.Client, queue string) {
	t.Helper()
	rdb.SetNX(context.Background(), "paused:"+queue, time.Now().Unix(), 0)
	t.Cleanup(func() { rdb.Del(context.Background(), "paused:"+queue) })
}

// Runner is the code a test drives; it has no testing parameter, so its
// dropped SET NX result guards real work and is still reported.
type Runner struct {
	rdb *redis.Client
}

func (r *Runner) RunOnce(ctx context.Context, j Job, run func(Job) error) error {
	if err := r.rdb.SetNX(ctx, "running:"+j.ID, 1, time.Minute).Err(); err != nil { // want `the result of SET NX is ignored`
		return err
	}
	return run(j)
}
