// Package redeliverworkers holds the workers of job args and the
// activities of workflows declared in other packages.
package redeliverworkers

import (
	"context"

	"github.com/riverqueue/river"
	"go.temporal.io/sdk/worker"

	"redeliveracts"
	"redeliverargs"
	"redeliverflows"
)

type ReportWorker struct {
	river.WorkerDefaults[redeliverargs.ReportArgs]
}

// Run once: the args' InsertOpts says MaxAttempts 1.
func (w *ReportWorker) Work(ctx context.Context, job *river.Job[redeliverargs.ReportArgs]) error {
	return work(ctx)
}

type ExportWorker struct {
	river.WorkerDefaults[redeliverargs.ExportArgs]
}

func (w *ExportWorker) Work(ctx context.Context, job *river.Job[redeliverargs.ExportArgs]) error { // want `redelivered handler river attempts=4`
	return work(ctx) // want `runs again`
}

type CleanupWorker struct {
	river.WorkerDefaults[redeliverargs.CleanupArgs]
}

func (w *CleanupWorker) Work(ctx context.Context, job *river.Job[redeliverargs.CleanupArgs]) error { // want `redelivered handler river attempts=25`
	return work(ctx) // want `runs again`
}

// Register leaves Capture and Void to the workflows that execute them;
// nothing visible executes Settle, so the server's default holds.
func Register(w worker.Worker) {
	w.RegisterWorkflow(redeliverflows.Checkout)
	w.RegisterActivity(redeliveracts.Capture)
	w.RegisterActivity(redeliveracts.Void)
	w.RegisterActivity(redeliveracts.Settle) // want `redelivered handler Temporal attempts=0 op=Settle`
}

func work(ctx context.Context) error { return nil }
