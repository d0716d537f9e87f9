package jobs

import (
	"context"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"payments"
)

// NATSWorker hands its handlers to NATS as method values.
type NATSWorker struct {
	pay *payments.Client
}

func (w *NATSWorker) Start(ctx context.Context, js jetstream.JetStream) (jetstream.ConsumeContext, error) {
	cons, err := js.CreateOrUpdateConsumer(ctx, "ORDERS", jetstream.ConsumerConfig{Durable: "billing", MaxDeliver: 5})
	if err != nil {
		return nil, err
	}
	return cons.Consume(w.charge)
}

func (w *NATSWorker) charge(m jetstream.Msg) { // want charge:`sends unkeyed POST \(retried=false\)`
	if err := w.pay.Charge(context.Background(), m.Subject(), 1); err != nil { // want `POST request in a NATS JetStream consumer is sent again each time the message is redelivered \(up to 5 runs\)`
		_ = m.Nak()
		return
	}
	_ = m.Ack()
}

// Legacy subscriptions with their options gathered in a slice.
func (w *NATSWorker) Subscribe(js nats.JetStreamContext) error {
	opts := []nats.SubOpt{nats.Durable("refunds"), nats.ManualAck()}
	_, err := js.Subscribe("refunds", w.refund, opts...)
	return err
}

func (w *NATSWorker) refund(m *nats.Msg) { // want refund:`sends unkeyed POST \(retried=false\)`
	if err := w.pay.Charge(context.Background(), m.Subject, -1); err != nil { // want `POST request in a NATS JetStream consumer is sent again`
		return
	}
	_ = m.Ack()
}

// An ordered consumer acknowledges nothing: nothing comes back.
func (w *NATSWorker) Tail(ctx context.Context, js jetstream.JetStream) (jetstream.ConsumeContext, error) {
	cons, err := js.OrderedConsumer(ctx, "ORDERS", jetstream.OrderedConsumerConfig{})
	if err != nil {
		return nil, err
	}
	return cons.Consume(w.audit)
}

func (w *NATSWorker) audit(m jetstream.Msg) { // want audit:`sends unkeyed POST \(retried=false\)`
	_ = w.pay.Charge(context.Background(), m.Subject(), 0)
}
