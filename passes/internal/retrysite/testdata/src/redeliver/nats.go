package redeliver

import (
	"context"
	"time"

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

// The options are gathered in a slice first.
func subscribeRefunds(js nats.JetStreamContext, durable string) error {
	opts := []nats.SubOpt{nats.Durable(durable), nats.ManualAck()}
	opts = append(opts, nats.MaxDeliver(4))
	_, err := js.Subscribe("refunds", func(m *nats.Msg) { // want `redelivered handler NATS JetStream attempts=4`
		_ = work(context.Background()) // want `runs again`
		_ = m.Ack()
	}, opts...)
	return err
}

// AckNone: nothing is acknowledged, nothing comes back.
func subscribeTicks(js nats.JetStreamContext) error {
	_, err := js.Subscribe("ticks", func(m *nats.Msg) {
		_ = work(context.Background())
		_ = m.Ack()
	}, nats.ManualAck(), nats.AckNone())
	return err
}

// ledger hands Consume a method value; its consumer's MaxDeliver bounds
// the deliveries.
type ledger struct{}

func (l *ledger) start(ctx context.Context, js jetstream.JetStream) (jetstream.ConsumeContext, error) {
	cons, err := js.CreateOrUpdateConsumer(ctx, "LEDGER", jetstream.ConsumerConfig{Durable: "ledger", MaxDeliver: 5})
	if err != nil {
		return nil, err
	}
	return cons.Consume(l.handle)
}

func (l *ledger) handle(m jetstream.Msg) { // want `redelivered handler NATS JetStream attempts=5`
	if err := work(context.Background()); err != nil { // want `runs again`
		return
	}
	_ = m.Ack()
}

// An ordered consumer, and one with AckNonePolicy, acknowledge nothing:
// nothing they deliver comes back.
func tail(ctx context.Context, js jetstream.JetStream) error {
	cons, err := js.OrderedConsumer(ctx, "AUDIT", jetstream.OrderedConsumerConfig{})
	if err != nil {
		return err
	}
	_, err = cons.Consume(func(m jetstream.Msg) {
		_ = work(ctx)
	})
	if err != nil {
		return err
	}
	cfg := jetstream.ConsumerConfig{Durable: "audit", AckPolicy: jetstream.AckNonePolicy}
	quiet, err := js.CreateConsumer(ctx, "AUDIT", cfg)
	if err != nil {
		return err
	}
	m, err := quiet.Next()
	if err != nil {
		return err
	}
	_ = work(ctx)
	return m.Ack()
}

// A Messages iterator reads from its consumer: MaxDeliver 3.
func iterate(ctx context.Context, s jetstream.Stream) error {
	cons, err := s.CreateOrUpdateConsumer(ctx, jetstream.ConsumerConfig{Durable: "iter", MaxDeliver: 3})
	if err != nil {
		return err
	}
	it, err := cons.Messages()
	if err != nil {
		return err
	}
	defer it.Stop()
	for {
		m, err := it.Next() // want `redelivered handler NATS JetStream attempts=3`
		if err != nil {
			return err
		}
		if err := work(ctx); err != nil { // want `runs again`
			_ = m.Nak()
			continue
		}
		_ = m.Ack()
	}
}

// A synchronous JetStream subscription's messages must be acked; a core
// NATS one's come once.
func nextSync(js nats.JetStreamContext, nc *nats.Conn) error {
	sub, err := js.SubscribeSync("payouts", nats.MaxDeliver(3))
	if err != nil {
		return err
	}
	m, err := sub.NextMsg(time.Second) // want `redelivered handler NATS JetStream attempts=3`
	if err != nil {
		return err
	}
	_ = work(context.Background()) // want `runs again`
	_ = m.Ack()
	core, err := nc.SubscribeSync("pings")
	if err != nil {
		return err
	}
	if _, err := core.NextMsg(time.Second); err != nil {
		return err
	}
	return work(context.Background())
}
