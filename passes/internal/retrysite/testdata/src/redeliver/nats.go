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
