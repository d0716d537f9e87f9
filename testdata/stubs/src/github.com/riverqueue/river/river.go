// Package river is a stub of github.com/riverqueue/river v0.51.2.
package river

import (
	"context"
	"time"
)

type JobArgs interface{ Kind() string }

type JobRow struct {
	ID      int64
	Attempt int
}

type Job[T JobArgs] struct {
	*JobRow
	Args T
}

type Worker[T JobArgs] interface {
	NextRetry(job *Job[T]) time.Time
	Timeout(job *Job[T]) time.Duration
	Work(ctx context.Context, job *Job[T]) error
}

type WorkerDefaults[T JobArgs] struct{}

func (w WorkerDefaults[T]) NextRetry(*Job[T]) time.Time   { return time.Time{} }
func (w WorkerDefaults[T]) Timeout(*Job[T]) time.Duration { return 0 }

type Workers struct{}

func NewWorkers() *Workers                                    { return &Workers{} }
func AddWorker[T JobArgs](workers *Workers, worker Worker[T]) {}

type workFunc[T JobArgs] struct {
	WorkerDefaults[T]
	f func(context.Context, *Job[T]) error
}

func (w *workFunc[T]) Work(ctx context.Context, job *Job[T]) error { return w.f(ctx, job) }

func WorkFunc[T JobArgs](f func(context.Context, *Job[T]) error) Worker[T] {
	return &workFunc[T]{f: f}
}

type UniqueOpts struct {
	ByArgs   bool
	ByPeriod time.Duration
}

type InsertOpts struct {
	MaxAttempts int
	Queue       string
	UniqueOpts  UniqueOpts
}

type JobInsertResult struct{ UniqueSkippedAsDuplicate bool }

type Config struct {
	MaxAttempts int
	Workers     *Workers
}

type Client[TTx any] struct{}

func NewClient[TTx any](driver any, config *Config) (*Client[TTx], error) { return nil, nil }
func (c *Client[TTx]) Insert(ctx context.Context, args JobArgs, opts *InsertOpts) (*JobInsertResult, error) {
	return nil, nil
}
func (c *Client[TTx]) InsertTx(ctx context.Context, tx TTx, args JobArgs, opts *InsertOpts) (*JobInsertResult, error) {
	return nil, nil
}

func JobCancel(err error) error { return err }
