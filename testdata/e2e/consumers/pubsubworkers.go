package consumers

import (
	"context"

	pubsubv1 "cloud.google.com/go/pubsub"
	"cloud.google.com/go/pubsub/v2"

	"example.com/e2e/client"
)

// Signups receives with Pub/Sub v1's Subscription and a method value,
// and with v2's Subscriber and a callback that defers its Ack.
type Signups struct {
	API *client.Client
}

func (s *Signups) Run(ctx context.Context, c *pubsubv1.Client) error {
	return c.Subscription("signups").Receive(ctx, s.handle)
}

func (s *Signups) handle(ctx context.Context, m *pubsubv1.Message) {
	if err := s.API.CreateOrder(ctx, m.Data); err != nil {
		m.Nack()
		return
	}
	m.Ack()
}

func (s *Signups) RunDeferred(ctx context.Context, sub *pubsub.Subscriber) error {
	return sub.Receive(ctx, func(ctx context.Context, m *pubsub.Message) {
		defer m.Ack()
		_ = s.API.CreateOrder(ctx, m.Data)
	})
}
