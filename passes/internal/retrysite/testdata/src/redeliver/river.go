package redeliver

import (
	"context"

	"github.com/riverqueue/river"
)

type SyncArgs struct{ AccountID string }

func (SyncArgs) Kind() string { return "sync" }

type SyncWorker struct {
	river.WorkerDefaults[SyncArgs]
}

func (w *SyncWorker) Work(ctx context.Context, job *river.Job[SyncArgs]) error { // want `redelivered handler river attempts=25`
	return work(ctx) // want `runs again`
}

// InsertOpts on the args type: three attempts.
type InvoiceArgs struct{ InvoiceID string }

func (InvoiceArgs) Kind() string { return "invoice" }

func (InvoiceArgs) InsertOpts() river.InsertOpts { return river.InsertOpts{MaxAttempts: 3} }

type InvoiceWorker struct {
	river.WorkerDefaults[InvoiceArgs]
}

func (w *InvoiceWorker) Work(ctx context.Context, job *river.Job[InvoiceArgs]) error { // want `redelivered handler river attempts=3`
	return work(ctx) // want `runs again`
}

// Inserted with MaxAttempts: 1, run once.
type NotifyArgs struct{ UserID string }

func (NotifyArgs) Kind() string { return "notify" }

type NotifyWorker struct {
	river.WorkerDefaults[NotifyArgs]
}

func (w *NotifyWorker) Work(ctx context.Context, job *river.Job[NotifyArgs]) error {
	return work(ctx)
}

func notify(ctx context.Context, c *river.Client[any], user string) error {
	_, err := c.Insert(ctx, NotifyArgs{UserID: user}, &river.InsertOpts{MaxAttempts: 1})
	return err
}

type PingArgs struct{}

func (PingArgs) Kind() string { return "ping" }

func Workers() *river.Workers {
	ws := river.NewWorkers()
	river.AddWorker(ws, &SyncWorker{})
	river.AddWorker(ws, river.WorkFunc(func(ctx context.Context, job *river.Job[PingArgs]) error { // want `redelivered handler river attempts=25`
		return work(ctx) // want `runs again`
	}))
	return ws
}

// Options in a variable: two attempts.
type RebuildArgs struct{}

func (RebuildArgs) Kind() string { return "rebuild" }

func RebuildWork(ctx context.Context, job *river.Job[RebuildArgs]) error { // want `redelivered handler river attempts=2`
	return work(ctx) // want `runs again`
}

func rebuild(ctx context.Context, c *river.Client[any]) error {
	opts := &river.InsertOpts{MaxAttempts: 2}
	_, err := c.Insert(ctx, RebuildArgs{}, opts)
	return err
}
