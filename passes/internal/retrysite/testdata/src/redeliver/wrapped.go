package redeliver

import (
	"context"

	kafka "github.com/segmentio/kafka-go"
)

// messageSource is the consumer's own port over a kafka-go reader, with a
// commit named in the singular.
type messageSource interface {
	FetchMessage(ctx context.Context) (kafka.Message, error)
	CommitMessage(ctx context.Context, msg kafka.Message) error
}

func consumePort(ctx context.Context, src messageSource) {
	for {
		m, err := src.FetchMessage(ctx) // want `redelivered handler kafka-go attempts=0`
		if err != nil {
			continue
		}
		_ = work(ctx) // want `runs again`
		if err := src.CommitMessage(ctx, m); err != nil {
			continue
		}
		_ = work(ctx) // committed: not again
	}
}

// committer wraps the reader's commit.
type committer struct{ r *kafka.Reader }

func (c committer) done(ctx context.Context, m kafka.Message) error {
	return c.r.CommitMessages(ctx, m)
}

func consumeWrapped(ctx context.Context, r *kafka.Reader) {
	c := committer{r: r}
	for {
		m, err := r.FetchMessage(ctx) // want `redelivered handler kafka-go attempts=0`
		if err != nil {
			continue
		}
		_ = work(ctx) // want `runs again`
		_ = c.done(ctx, m)
		_ = work(ctx) // committed: not again
	}
}
