// Package pubsub is a stub of cloud.google.com/go/internal/pubsub, where
// cloud.google.com/go/pubsub/v2's Message is declared.
package pubsub

type Message struct {
	ID              string
	Data            []byte
	Attributes      map[string]string
	DeliveryAttempt *int
}

func (m *Message) Ack()  {}
func (m *Message) Nack() {}
