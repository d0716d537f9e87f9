package queueworkers

import (
	"context"
	"errors"
	"log"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"queuekit"
)

// SubscribeSettled leaves a message whose post failed unacknowledged:
// JetStream sends it again after AckWait.
func SubscribeSettled(js nats.JetStreamContext, ledger *queuekit.Ledger) error {
	_, err := js.Subscribe("ledger.settled", func(m *nats.Msg) {
		if err := ledger.Post(context.Background(), m.Data); err != nil { // want `retry inside a NATS JetStream consumer, which NATS JetStream retries with no limit by default`
			log.Printf("settled: %v", err)
			return
		}
		_ = m.Ack()
	}, nats.ManualAck())
	return err
}

// SubscribeVoided acks before it posts: a failed post is not delivered
// again.
func SubscribeVoided(js nats.JetStreamContext, ledger *queuekit.Ledger) error {
	_, err := js.Subscribe("ledger.voided", func(m *nats.Msg) {
		_ = m.Ack()
		if err := ledger.Post(context.Background(), m.Data); err != nil {
			log.Printf("voided: %v", err)
			return
		}
	}, nats.ManualAck())
	return err
}

// LedgerConsumer hands Consume a method value; the consumer delivers a
// message at most five times.
type LedgerConsumer struct {
	ledger *queuekit.Ledger
}

func (c *LedgerConsumer) Start(ctx context.Context, js jetstream.JetStream) (jetstream.ConsumeContext, error) {
	cons, err := js.CreateOrUpdateConsumer(ctx, "LEDGER", jetstream.ConsumerConfig{Durable: "ledger", MaxDeliver: 5})
	if err != nil {
		return nil, err
	}
	return cons.Consume(c.handle)
}

func (c *LedgerConsumer) handle(m jetstream.Msg) { // want handle:`retries\(attempts=3\)`
	if err := c.ledger.Post(context.Background(), m.Data()); err != nil { // want `retry inside a NATS JetStream consumer, which NATS JetStream runs up to 5 times: every run repeats this retry, so 5 x 3 = 15 calls`
		_ = m.Nak()
		return
	}
	_ = m.Ack()
}

// terminate ends a message whose post failed: it is not delivered again.
func (c *LedgerConsumer) StartFinal(cons jetstream.Consumer) (jetstream.ConsumeContext, error) {
	return cons.Consume(c.terminate)
}

func (c *LedgerConsumer) terminate(m jetstream.Msg) { // want terminate:`retries\(attempts=3\)`
	if err := c.ledger.Post(context.Background(), m.Data()); err != nil {
		_ = m.Term()
		return
	}
	_ = m.Ack()
}

// SubscribeReversed gathers its options in a slice: ManualAck, and at
// most four deliveries.
func SubscribeReversed(js nats.JetStreamContext, ledger *queuekit.Ledger) error {
	opts := []nats.SubOpt{nats.ManualAck(), nats.MaxDeliver(4)}
	_, err := js.Subscribe("ledger.reversed", func(m *nats.Msg) {
		if err := ledger.Post(context.Background(), m.Data); err != nil { // want `retry inside a NATS JetStream consumer, which NATS JetStream runs up to 4 times: every run repeats this retry, so 4 x 3 = 12 calls`
			return
		}
		_ = m.Ack()
	}, opts...)
	return err
}

// requestAgain asks again, after a pause, only while no subscriber
// received the request: nothing was processed, so nothing multiplies.
func requestAgain(nc *nats.Conn, subj string, data []byte) (*nats.Msg, error) {
	m, err := nc.Request(subj, data, time.Second)
	for r := 0; errors.Is(err, nats.ErrNoResponders) && r < 2; r++ {
		time.Sleep(250 * time.Millisecond)
		m, err = nc.Request(subj, data, time.Second)
	}
	return m, err
}

// SubscribeForward forwards each message by a request that is asked
// again only when no one received it.
func SubscribeForward(js nats.JetStreamContext, nc *nats.Conn) error {
	_, err := js.Subscribe("ledger.forward", func(m *nats.Msg) {
		if _, err := requestAgain(nc, "ledger.apply", m.Data); err != nil {
			log.Printf("forward: %v", err)
			return
		}
		_ = m.Ack()
	}, nats.ManualAck())
	return err
}
