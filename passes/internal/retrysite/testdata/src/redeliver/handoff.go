package redeliver

import (
	"context"

	"github.com/IBM/sarama"
	"github.com/nats-io/nats.go/jetstream"
	kafka "github.com/segmentio/kafka-go"
)

// pipeline fetches on one goroutine and hands each message to workers
// that commit it once handled: a crash before the commit redelivers it.
type pipeline struct {
	r    *kafka.Reader
	jobs chan kafka.Message
}

func (p *pipeline) fetch(ctx context.Context) error {
	for {
		m, err := p.r.FetchMessage(ctx) // want `redelivered handler kafka-go attempts=0`
		if err != nil {
			return err
		}
		p.jobs <- m
	}
}

func (p *pipeline) worker(ctx context.Context) {
	for m := range p.jobs { // want `redelivered handler kafka-go attempts=0`
		if err := work(ctx); err != nil { // want `runs again`
			continue
		}
		_ = p.r.CommitMessages(ctx, m)
		_ = work(ctx) // after the commit
	}
}

// forward hands messages to a writer: nothing acknowledges them here.
func forward(ctx context.Context, w *kafka.Writer, in <-chan kafka.Message) {
	for m := range in {
		_ = w.WriteMessages(ctx, m)
		_ = work(ctx)
	}
}

// markWorker marks sarama messages a ConsumeClaim handed over.
func markWorker(sess sarama.ConsumerGroupSession, in <-chan *sarama.ConsumerMessage) {
	for msg := range in { // want `redelivered handler sarama attempts=0`
		_ = work(sess.Context()) // want `runs again`
		sess.MarkMessage(msg, "")
	}
}

// ackWorker acks JetStream messages handed over by a Consume callback.
func ackWorker(ctx context.Context, in chan jetstream.Msg) {
	for m := range in { // want `redelivered handler NATS JetStream attempts=0`
		if err := work(ctx); err != nil { // want `runs again`
			_ = m.Nak()
			continue
		}
		_ = m.Ack()
	}
}

// ackFirst acks before it works: nothing after the ack runs again, and
// nothing precedes it, so the loop is no site.
func ackFirst(ctx context.Context, in chan jetstream.Msg) {
	for m := range in {
		_ = m.Ack()
		_ = work(ctx)
	}
}
