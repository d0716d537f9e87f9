package queueworkers

import (
	"context"
	"log"

	"github.com/nats-io/nats.go"

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
