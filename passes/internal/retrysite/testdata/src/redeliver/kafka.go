package redeliver

import (
	"context"
	"database/sql"

	"github.com/IBM/sarama"
	kafka "github.com/segmentio/kafka-go"
	"github.com/twmb/franz-go/pkg/kgo"
)

// FetchMessage then CommitMessages: what runs between them is redelivered
// when the process dies before the commit.
func consumeOrders(ctx context.Context, r *kafka.Reader) error {
	for {
		m, err := r.FetchMessage(ctx) // want `redelivered handler kafka-go attempts=0`
		if err != nil {
			return err
		}
		if err := work(ctx); err != nil { // want `runs again`
			continue
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			return err
		}
		_ = work(ctx) // after the commit
	}
}

// ReadMessage commits before it returns: at most once, nothing redelivered.
func consumeAudit(ctx context.Context, r *kafka.Reader) error {
	for {
		if _, err := r.ReadMessage(ctx); err != nil {
			return err
		}
		_ = work(ctx)
	}
}

type claimHandler struct{ db *sql.DB }

func (claimHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (claimHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h claimHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error { // want `redelivered handler sarama attempts=0`
	for msg := range claim.Messages() {
		if err := work(sess.Context()); err != nil { // want `runs again`
			return err
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}

// Not ConsumeClaim: Setup runs once per session.
func (h claimHandler) setupLike(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) {
	_ = work(sess.Context())
}

func pollPayments(ctx context.Context, cl *kgo.Client) {
	for {
		fetches := cl.PollFetches(ctx) // want `redelivered handler franz-go attempts=0`
		fetches.EachRecord(func(r *kgo.Record) {
			_ = work(ctx) // want `runs again`
		})
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			return
		}
		_ = work(ctx)
	}
}

// The reader behind an interface of the program's own, for its tests.
type messageReader interface {
	FetchMessage(ctx context.Context) (kafka.Message, error)
	CommitMessages(ctx context.Context, msgs ...kafka.Message) error
}

type projector struct{ r messageReader }

func (p *projector) run(ctx context.Context) error {
	for {
		m, err := p.r.FetchMessage(ctx) // want `redelivered handler kafka-go attempts=0`
		if err != nil {
			return err
		}
		_ = work(ctx) // want `runs again`
		if err := p.r.CommitMessages(ctx, m); err != nil {
			return err
		}
		_ = work(ctx)
	}
}

// An interface of the program whose methods only share a name.
type fetcher interface {
	FetchMessage(ctx context.Context) (string, error)
}

func poll(ctx context.Context, f fetcher) {
	_, _ = f.FetchMessage(ctx)
	_ = work(ctx)
}
