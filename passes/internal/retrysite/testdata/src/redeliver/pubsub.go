package redeliver

import (
	"context"
	"database/sql"

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
