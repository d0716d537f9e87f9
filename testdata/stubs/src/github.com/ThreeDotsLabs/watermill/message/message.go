// Package message is a stub of github.com/ThreeDotsLabs/watermill/message v1.5.1.
package message

import "context"

type Payload []byte

type Metadata map[string]string

func (m Metadata) Get(key string) string { return m[key] }

type Message struct {
	UUID     string
	Metadata Metadata
	Payload  Payload
}

func (m *Message) Ack() bool                { return true }
func (m *Message) Nack() bool               { return true }
func (m *Message) Context() context.Context { return nil }

type HandlerFunc func(msg *Message) ([]*Message, error)

type NoPublishHandlerFunc func(msg *Message) error

type Subscriber interface {
	Subscribe(ctx context.Context, topic string) (<-chan *Message, error)
}

type Publisher interface {
	Publish(topic string, messages ...*Message) error
}

type Handler struct{}

type RouterConfig struct{}

type Router struct{}

func NewRouter(config RouterConfig, logger any) (*Router, error) { return &Router{}, nil }
func (r *Router) AddHandler(handlerName string, subscribeTopic string, subscriber Subscriber, publishTopic string, publisher Publisher, handlerFunc HandlerFunc) *Handler {
	return nil
}
func (r *Router) AddConsumerHandler(handlerName string, subscribeTopic string, subscriber Subscriber, handlerFunc NoPublishHandlerFunc) *Handler {
	return nil
}
func (r *Router) AddNoPublisherHandler(handlerName string, subscribeTopic string, subscriber Subscriber, handlerFunc NoPublishHandlerFunc) *Handler {
	return nil
}
func (r *Router) Run(ctx context.Context) error { return nil }

func NewMessage(uuid string, payload Payload) *Message { return &Message{UUID: uuid, Payload: payload} }
