package jobs

import (
	"context"

	pubsubv1 "cloud.google.com/go/pubsub"
	"cloud.google.com/go/pubsub/v2"

	"payments"
)

// Signups receives through Pub/Sub v1's Subscription with a method
// value, and v2's Subscriber with a callback that defers its Ack.
type Signups struct {
	pay *payments.Client
}

func (s *Signups) Run(ctx context.Context, c *pubsubv1.Client) error {
	return c.Subscription("signups").Receive(ctx, s.handle)
}

func (s *Signups) handle(ctx context.Context, m *pubsubv1.Message) { // want handle:`sends unkeyed POST \(retried=false\)`
	if err := s.pay.Charge(ctx, m.ID, 1); err != nil { // want `POST request in a Pub/Sub subscriber is sent again each time the message is redelivered \(with no limit by default\)`
		m.Nack()
		return
	}
	m.Ack()
}

func (s *Signups) RunDeferred(ctx context.Context, sub *pubsub.Subscriber) error { // want RunDeferred:`sends unkeyed POST \(retried=false\)`
	return sub.Receive(ctx, func(ctx context.Context, m *pubsub.Message) {
		defer m.Ack()
		_ = s.pay.Charge(ctx, m.ID, 1) // want `POST request in a Pub/Sub subscriber is sent again`
	})
}

// RunAcked acks first: what follows is not delivered again.
func (s *Signups) RunAcked(ctx context.Context, sub *pubsub.Subscriber) error { // want RunAcked:`sends unkeyed POST \(retried=false\)`
	return sub.Receive(ctx, func(ctx context.Context, m *pubsub.Message) {
		m.Ack()
		_ = s.pay.Charge(ctx, m.ID, 1)
	})
}
