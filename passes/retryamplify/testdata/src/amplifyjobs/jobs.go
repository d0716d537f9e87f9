// Package amplifyjobs retries inside handlers that their framework runs
// again.
package amplifyjobs

import (
	"context"
	"time"

	"github.com/hibiken/asynq"
	"github.com/riverqueue/river"
	kafka "github.com/segmentio/kafka-go"
	"go.temporal.io/sdk/worker"

	"amplifydep"
)

func call(ctx context.Context) error { return nil }

// retryCall retries three times.
func retryCall(ctx context.Context) error { // want retryCall:`retries\(attempts=3\)`
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = call(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Duration(attempt+1) * time.Second)
	}
	return err
}

func handleSync(ctx context.Context, t *asynq.Task) error { // want handleSync:`retries\(attempts=3\)`
	return retryCall(ctx) // want `retry inside an asynq task handler, which asynq runs up to 26 times: every run repeats this retry, so 26 x 3 = 78 calls when the dependency keeps failing; retry at one layer only, and let asynq retry the task`
}

// Enqueued with MaxRetry(2): three runs.
func handleExport(ctx context.Context, t *asynq.Task) error { // want handleExport:`retries\(attempts=4\)`
	for i := 0; i < 4; i++ { // want `retry inside an asynq task handler, which asynq runs up to 3 times: every run repeats this retry, so 3 x 4 = 12 calls`
		if err := call(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return nil
}

// MaxRetry(0): the task runs once, its own retry is the only one.
func handlePing(ctx context.Context, t *asynq.Task) error { // want handlePing:`retries\(attempts=3\)`
	return retryCall(ctx)
}

func Register(mux *asynq.ServeMux, c *asynq.Client) error {
	mux.HandleFunc("sync", handleSync)
	mux.HandleFunc("export", handleExport)
	mux.HandleFunc("ping", handlePing)
	if _, err := c.Enqueue(asynq.NewTask("export", nil), asynq.MaxRetry(2)); err != nil {
		return err
	}
	_, err := c.Enqueue(asynq.NewTask("ping", nil), asynq.MaxRetry(0))
	return err
}

type IndexArgs struct{}

func (IndexArgs) Kind() string { return "index" }

type IndexWorker struct {
	river.WorkerDefaults[IndexArgs]
}

func (w *IndexWorker) Work(ctx context.Context, job *river.Job[IndexArgs]) error { // want Work:`retries\(attempts=3\)`
	return amplifydep.Load() // want `retry inside a river worker, which river runs up to 25 times: every run repeats this retry, so 25 x 3 = 75 calls`
}

func Publish(ctx context.Context, topic string) error { // want Publish:`retries\(attempts=3\)`
	return retryCall(ctx) // want `retry inside a Temporal activity, which Temporal retries with no limit by default: every run repeats this retry, so the attempts multiply`
}

func Start(w worker.Worker) {
	w.RegisterActivity(Publish)
}

// A Kafka consumer redelivers only what was not committed when it died:
// the retry inside it is the only retry.
func Consume(ctx context.Context, r *kafka.Reader) error { // want Consume:`retries\(attempts=3\)`
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := retryCall(ctx); err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

// Calling a handler directly (a test, a CLI) does not make the caller retry.
func RunOnce(ctx context.Context) error { // want RunOnce:`retries\(attempts=4\)`
	return handleExport(ctx, nil)
}
