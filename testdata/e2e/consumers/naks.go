package consumers

import (
	"context"

	"github.com/avast/retry-go/v4"
	"github.com/nats-io/nats.go/jetstream"

	"example.com/e2e/client"
)

// ConsumeRefunds retries the refund lookup three times and naks the
// message when it still fails: JetStream delivers it again, and every
// delivery runs the three attempts again.
func ConsumeRefunds(cons jetstream.Consumer, api *client.Client) (jetstream.ConsumeContext, error) {
	return cons.Consume(func(m jetstream.Msg) {
		err := retry.Do(func() error {
			return api.Get(context.Background(), "/refunds/"+string(m.Data()))
		}, retry.Attempts(3))
		if err != nil {
			_ = m.Nak()
			return
		}
		_ = m.Ack()
	})
}

// ConsumeAudits terminates a message whose lookup failed: it is never
// delivered again, so the lookup's retry is the only one.
func ConsumeAudits(cons jetstream.Consumer, api *client.Client) (jetstream.ConsumeContext, error) {
	return cons.Consume(func(m jetstream.Msg) {
		err := retry.Do(func() error {
			return api.Get(context.Background(), "/audits/"+string(m.Data()))
		}, retry.Attempts(3))
		if err != nil {
			_ = m.Term()
			return
		}
		_ = m.Ack()
	})
}
