// Package jetstream is a stub of github.com/nats-io/nats.go/jetstream v1.55.0.
package jetstream

import "context"

type MsgMetadata struct {
	NumDelivered uint64
}

type Msg interface {
	Data() []byte
	Subject() string
	Headers() map[string][]string
	Metadata() (*MsgMetadata, error)
	Ack() error
	DoubleAck(context.Context) error
	Nak() error
	Term() error
}

type MessageHandler func(msg Msg)

type PullConsumeOpt interface{ configureConsume() }

type ConsumeContext interface{ Stop() }

type FetchOpt interface{ configureFetch() }

type NextOpt interface{ configureNext() }

type MessageBatch interface {
	Messages() <-chan Msg
	Error() error
}

type PullMessagesOpt interface{ configureMessages() }

type MessagesContext interface {
	Next(opts ...NextOpt) (Msg, error)
	Stop()
}

type Consumer interface {
	Fetch(batch int, opts ...FetchOpt) (MessageBatch, error)
	Next(opts ...NextOpt) (Msg, error)
	Consume(handler MessageHandler, opts ...PullConsumeOpt) (ConsumeContext, error)
	Messages(opts ...PullMessagesOpt) (MessagesContext, error)
}

type AckPolicy int

const (
	AckExplicitPolicy AckPolicy = iota
	AckAllPolicy
	AckNonePolicy
)

type ConsumerConfig struct {
	Durable    string
	AckPolicy  AckPolicy
	MaxDeliver int
}

type OrderedConsumerConfig struct {
	FilterSubjects []string
}

type StreamConsumerManager interface {
	CreateOrUpdateConsumer(ctx context.Context, stream string, cfg ConsumerConfig) (Consumer, error)
	CreateConsumer(ctx context.Context, stream string, cfg ConsumerConfig) (Consumer, error)
	OrderedConsumer(ctx context.Context, stream string, cfg OrderedConsumerConfig) (Consumer, error)
	Consumer(ctx context.Context, stream string, consumer string) (Consumer, error)
}

type ConsumerManager interface {
	CreateOrUpdateConsumer(ctx context.Context, cfg ConsumerConfig) (Consumer, error)
	OrderedConsumer(ctx context.Context, cfg OrderedConsumerConfig) (Consumer, error)
}

type Stream interface {
	ConsumerManager
}

type JetStream interface {
	StreamConsumerManager
	Stream(ctx context.Context, stream string) (Stream, error)
}
