// Package outbox publishes events to the message relay.
package outbox

import "context"

// Publisher sends events to the relay.
type Publisher struct {
	send func(ctx context.Context, topic string, body []byte) error
}

// Publish sends one event.
func (p *Publisher) Publish(ctx context.Context, topic string, body []byte) error {
	return p.send(ctx, topic, body)
}
