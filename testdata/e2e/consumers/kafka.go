// Package consumers holds message consumers whose broker redelivers what
// they did not acknowledge; each sends a POST.
package consumers

import (
	"context"

	"github.com/IBM/sarama"
	kafka "github.com/segmentio/kafka-go"
	"github.com/twmb/franz-go/pkg/kgo"

	"example.com/e2e/client"
)

// ConsumeOrders sends before it commits: a crash in between sends again.
func ConsumeOrders(ctx context.Context, r *kafka.Reader, api *client.Client) error {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := api.CreateOrder(ctx, m.Value); err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

// ConsumeAudit reads with ReadMessage, which commits first: a crash loses
// the message, it does not send it twice.
func ConsumeAudit(ctx context.Context, r *kafka.Reader, api *client.Client) error {
	for {
		m, err := r.ReadMessage(ctx)
		if err != nil {
			return err
		}
		_ = api.CreateOrder(ctx, m.Value)
	}
}

type Ledger struct{ API *client.Client }

func (Ledger) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (Ledger) Cleanup(sarama.ConsumerGroupSession) error { return nil }

// ConsumeClaim sends before it marks the message.
func (l Ledger) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if err := l.API.CreateOrder(sess.Context(), msg.Value); err != nil {
			return err
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}

// Setup runs once per session, not per message.
func (l Ledger) replay(sess sarama.ConsumerGroupSession) error {
	return l.API.Get(sess.Context(), "/ledger")
}

// PollPayouts sends each record before the offsets are committed.
func PollPayouts(ctx context.Context, cl *kgo.Client, api *client.Client) {
	for {
		fetches := cl.PollFetches(ctx)
		if fetches.IsClientClosed() {
			return
		}
		fetches.EachRecord(func(r *kgo.Record) {
			_ = api.CreateOrder(ctx, r.Value)
		})
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			return
		}
		// After the commit: not redelivered.
		_ = api.CreateOrder(ctx, nil)
	}
}
