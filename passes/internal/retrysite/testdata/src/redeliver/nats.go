package redeliver

import (
	"context"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

func subscribeShipments(js nats.JetStreamContext) error {
	_, err := js.Subscribe("shipments.created", func(m *nats.Msg) { // want `redelivered handler NATS JetStream attempts=5`
		if err := work(context.Background()); err != nil { // want `runs again`
			_ = m.Nak()
			return
		}
		_ = m.Ack()
		_ = work(context.Background())
	}, nats.ManualAck(), nats.MaxDeliver(5))
	return err
}

// Without ManualAck the callback's message is acked when it returns.
func subscribeMetrics(js nats.JetStreamContext) error {
	_, err := js.Subscribe("metrics", func(m *nats.Msg) {
		_ = work(context.Background())
	})
	return err
}

// Core NATS: no redelivery at all.
func subscribeCore(nc *nats.Conn) error {
	_, err := nc.Subscribe("ping", func(m *nats.Msg) {
		_ = work(context.Background())
	})
	return err
}

func consumeInvoices(cons jetstream.Consumer) (jetstream.ConsumeContext, error) {
	return cons.Consume(handleInvoice)
}

func handleInvoice(m jetstream.Msg) { // want `redelivered handler NATS JetStream attempts=0`
	if err := work(context.Background()); err != nil { // want `runs again`
		_ = m.Nak()
		return
	}
	_ = m.Ack()
}

// A pull subscription: every message fetched must be acked.
func pullInvoices(js nats.JetStreamContext) error {
	sub, err := js.PullSubscribe("invoices", "billing")
	if err != nil {
		return err
	}
	for {
		msgs, err := sub.Fetch(10) // want `redelivered handler NATS JetStream attempts=0`
		if err != nil {
			return err
		}
		for _, m := range msgs {
			_ = work(context.Background()) // want `runs again`
			_ = m.Ack()
		}
	}
}

func nextInvoice(ctx context.Context, cons jetstream.Consumer) error {
	m, err := cons.Next() // want `redelivered handler NATS JetStream attempts=0`
	if err != nil {
		return err
	}
	if err := work(ctx); err != nil { // want `runs again`
		return m.Nak()
	}
	return m.Ack()
}
