// Package ampbroker consumes payment events from NATS and RabbitMQ and
// calls the ledger for each, retrying the call a few times.
package ampbroker

import (
	"context"
	"math/rand"
	"time"

	"github.com/nats-io/nats.go"
	amqp "github.com/rabbitmq/amqp091-go"
)

type Ledger struct{}

func (l *Ledger) Post(ctx context.Context, body []byte) error { return nil }

type Consumer struct {
	ledger *Ledger
}

func pause(attempt int) time.Duration {
	return time.Duration(100+rand.Intn(100*(attempt+1))) * time.Millisecond
}

// post retries the ledger call three times.
func (c *Consumer) post(ctx context.Context, body []byte) error { // want post:`retries\(attempts=3\)`
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = c.ledger.Post(ctx, body); err == nil {
			return nil
		}
		time.Sleep(pause(attempt))
	}
	return err
}

// Subscribe naks a message whose ledger call failed: JetStream delivers it
// again, and every delivery runs the three attempts again.
func (c *Consumer) Subscribe(js nats.JetStreamContext) error {
	_, err := js.Subscribe("payments.settled", func(m *nats.Msg) {
		if err := c.post(context.Background(), m.Data); err != nil { // want `retry inside a NATS JetStream consumer, which NATS JetStream retries with no limit by default`
			_ = m.Nak()
			return
		}
		_ = m.Ack()
	}, nats.ManualAck())
	return err
}

// SubscribeDrop terminates a message whose ledger call failed: nothing
// delivers it again, so its retry is the only one.
func (c *Consumer) SubscribeDrop(js nats.JetStreamContext) error {
	_, err := js.Subscribe("payments.refunded", func(m *nats.Msg) {
		if err := c.post(context.Background(), m.Data); err != nil {
			_ = m.Term()
			return
		}
		_ = m.Ack()
	}, nats.ManualAck())
	return err
}

// Drain requeues a delivery whose ledger call failed.
func (c *Consumer) Drain(ctx context.Context, ch *amqp.Channel) error { // want Drain:`retries\(attempts=3\)`
	deliveries, err := ch.Consume("payments", "ledger", false, false, false, false, nil)
	if err != nil {
		return err
	}
	for d := range deliveries {
		if err := c.post(ctx, d.Body); err != nil { // want `retry inside a RabbitMQ consumer`
			_ = d.Nack(false, true)
			continue
		}
		_ = d.Ack(false)
	}
	return nil
}

// DrainDeadLetter rejects a failed delivery without requeueing it: the
// broker dead-letters it, and nothing runs it again.
func (c *Consumer) DrainDeadLetter(ctx context.Context, ch *amqp.Channel) error { // want DrainDeadLetter:`retries\(attempts=3\)`
	deliveries, err := ch.Consume("refunds", "ledger", false, false, false, false, nil)
	if err != nil {
		return err
	}
	for d := range deliveries {
		if err := c.post(ctx, d.Body); err != nil {
			_ = d.Nack(false, false)
			continue
		}
		_ = d.Ack(false)
	}
	return nil
}
