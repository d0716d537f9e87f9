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

type Consumer interface {
	Fetch(batch int, opts ...FetchOpt) (MessageBatch, error)
	Next(opts ...NextOpt) (Msg, error)
	Consume(handler MessageHandler, opts ...PullConsumeOpt) (ConsumeContext, error)
}
