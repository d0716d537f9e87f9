package consumers

import (
	"context"

	"github.com/avast/retry-go/v4"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"example.com/e2e/client"
)

// NATSWorker hands its handlers to NATS as method values.
type NATSWorker struct {
	API *client.Client
}

// Start makes a consumer that delivers a message at most five times.
func (w *NATSWorker) Start(ctx context.Context, js jetstream.JetStream) (jetstream.ConsumeContext, error) {
	cons, err := js.CreateOrUpdateConsumer(ctx, "ORDERS", jetstream.ConsumerConfig{Durable: "billing", MaxDeliver: 5})
	if err != nil {
		return nil, err
	}
	return cons.Consume(w.reconcile)
}

// reconcile retries a lookup three times and naks the message when it
// still fails: up to five deliveries of three attempts.
func (w *NATSWorker) reconcile(m jetstream.Msg) {
	err := retry.Do(func() error {
		return w.API.Get(context.Background(), "/ledger/"+string(m.Data()))
	}, retry.Attempts(3))
	if err != nil {
		_ = m.Nak()
		return
	}
	_ = m.Ack()
}

// Subscribe gathers its options in a slice, ManualAck among them.
func (w *NATSWorker) Subscribe(js nats.JetStreamContext) error {
	opts := []nats.SubOpt{nats.Durable("payouts"), nats.ManualAck()}
	_, err := js.Subscribe("payouts", w.payout, opts...)
	return err
}

func (w *NATSWorker) payout(m *nats.Msg) {
	if err := w.API.CreateOrder(context.Background(), m.Data); err != nil {
		return
	}
	_ = m.Ack()
}

// Tail reads an ordered consumer, which acknowledges nothing: nothing it
// delivers comes back.
func (w *NATSWorker) Tail(ctx context.Context, js jetstream.JetStream) (jetstream.ConsumeContext, error) {
	cons, err := js.OrderedConsumer(ctx, "ORDERS", jetstream.OrderedConsumerConfig{})
	if err != nil {
		return nil, err
	}
	return cons.Consume(func(m jetstream.Msg) {
		_ = w.API.CreateOrder(context.Background(), m.Data())
	})
}
