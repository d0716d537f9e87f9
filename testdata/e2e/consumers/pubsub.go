package consumers

import (
	"bytes"
	"context"
	"net/http"

	"cloud.google.com/go/pubsub/v2"

	"example.com/e2e/client"
)

// ReceiveSignups Nacks a failed message: Pub/Sub delivers it again until
// the retention ends.
func ReceiveSignups(ctx context.Context, sub *pubsub.Subscriber, api *client.Client) error {
	return sub.Receive(ctx, func(ctx context.Context, m *pubsub.Message) {
		if err := api.CreateOrder(ctx, m.Data); err != nil {
			m.Nack()
			return
		}
		m.Ack()
	})
}

// ReceiveWelcomes keys its POST with the message ID, the same on every
// delivery.
func ReceiveWelcomes(ctx context.Context, sub *pubsub.Subscriber, base string) error {
	return sub.Receive(ctx, func(ctx context.Context, m *pubsub.Message) {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, base+"/welcomes", bytes.NewReader(m.Data))
		if err != nil {
			m.Ack()
			return
		}
		req.Header.Set("Idempotency-Key", m.ID)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			m.Nack()
			return
		}
		_ = resp.Body.Close()
		m.Ack()
	})
}

// ReceiveClicks acks first: what follows is not delivered again.
func ReceiveClicks(ctx context.Context, sub *pubsub.Subscriber, api *client.Client) error {
	return sub.Receive(ctx, func(ctx context.Context, m *pubsub.Message) {
		m.Ack()
		_ = api.CreateOrder(ctx, m.Data)
	})
}
