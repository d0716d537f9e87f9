package redeliver

import (
	"context"
	"database/sql"

	pubsubv1 "cloud.google.com/go/pubsub"
	"cloud.google.com/go/pubsub/v2"
)

func receiveSignups(ctx context.Context, sub *pubsub.Subscriber) error {
	return sub.Receive(ctx, func(ctx context.Context, m *pubsub.Message) { // want `redelivered handler Pub/Sub attempts=0`
		if err := work(ctx); err != nil { // want `runs again`
			m.Nack()
			return
		}
		m.Ack()
	})
}

// The message is recorded with ON CONFLICT DO NOTHING first: a second
// delivery stops there.
func receiveDeduped(ctx context.Context, sub *pubsub.Subscriber, db *sql.DB) error {
	return sub.Receive(ctx, func(ctx context.Context, m *pubsub.Message) { // want `redelivered handler Pub/Sub attempts=0`
		res, err := db.ExecContext(ctx, "INSERT INTO processed (message_id) VALUES ($1) ON CONFLICT DO NOTHING", m.ID)
		if err != nil {
			m.Nack()
			return
		}
		if n, _ := res.RowsAffected(); n == 0 {
			m.Ack()
			return
		}
		_ = work(ctx)
		m.Ack()
	})
}

// The acknowledgement is deferred: it runs after the work.
func receiveDeferred(ctx context.Context, sub *pubsub.Subscriber) error {
	return sub.Receive(ctx, func(ctx context.Context, m *pubsub.Message) { // want `redelivered handler Pub/Sub attempts=0`
		defer m.Ack()
		_ = work(ctx) // want `runs again`
	})
}

// v1's Subscription, with a callback that leaves the message to a
// method that acknowledges it.
type signups struct{}

func (s signups) receive(ctx context.Context, sub *pubsubv1.Subscription) error {
	return sub.Receive(ctx, func(ctx context.Context, m *pubsubv1.Message) { // want `redelivered handler Pub/Sub attempts=0`
		s.handle(ctx, m)
	})
}

func (s signups) handle(ctx context.Context, m *pubsubv1.Message) { // want `redelivered handler Pub/Sub attempts=0`
	if err := work(ctx); err != nil { // want `runs again`
		m.Nack()
		return
	}
	m.Ack()
}

// Signups is registered by redeliverapp: Handle acknowledges its message,
// Forward leaves that to its caller.
type Signups struct{}

func (Signups) Handle(ctx context.Context, m *pubsub.Message) { // want `redelivered handler Pub/Sub attempts=0`
	_ = work(ctx) // want `runs again`
	m.Ack()
}

func (Signups) Forward(ctx context.Context, m *pubsub.Message) {
	_ = work(ctx)
}
