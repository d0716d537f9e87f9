// Package nats is a stub of github.com/nats-io/nats.go v1.55.0.
package nats

import (
	"errors"
	"time"
)

// ErrTimeout is returned when a receive or a request times out.
var ErrTimeout = errors.New("nats: timeout")

// ErrNoResponders is returned when no subscriber received a request.
var ErrNoResponders = errors.New("nats: no responders available for request")

type Msg struct {
	Subject string
	Data    []byte
	Header  Header
}

type Header map[string][]string

func (h Header) Get(key string) string { return "" }

func (m *Msg) Ack(opts ...AckOpt) error     { return nil }
func (m *Msg) AckSync(opts ...AckOpt) error { return nil }
func (m *Msg) Nak(opts ...AckOpt) error     { return nil }
func (m *Msg) Term(opts ...AckOpt) error    { return nil }

type AckOpt interface{ configureAck() }

type MsgHandler func(msg *Msg)

type Subscription struct{}

type PullOpt interface{ configurePull() }

func (sub *Subscription) Fetch(batch int, opts ...PullOpt) ([]*Msg, error) { return nil, nil }
func (sub *Subscription) NextMsg(timeout time.Duration) (*Msg, error)      { return nil, nil }

type SubOpt interface{ configureSubscribe() }

type subOpt struct{}

func (subOpt) configureSubscribe() {}

func ManualAck() SubOpt              { return subOpt{} }
func MaxDeliver(n int) SubOpt        { return subOpt{} }
func Durable(consumer string) SubOpt { return subOpt{} }
func AckWait(t time.Duration) SubOpt { return subOpt{} }
func AckNone() SubOpt                { return subOpt{} }

type PubOpt interface{ configurePublish() }

type JetStream interface {
	Subscribe(subj string, cb MsgHandler, opts ...SubOpt) (*Subscription, error)
	SubscribeSync(subj string, opts ...SubOpt) (*Subscription, error)
	QueueSubscribe(subj, queue string, cb MsgHandler, opts ...SubOpt) (*Subscription, error)
	PullSubscribe(subj, durable string, opts ...SubOpt) (*Subscription, error)
}

type JetStreamContext interface {
	JetStream
}

type Conn struct{}

func Connect(url string) (*Conn, error)                                      { return &Conn{}, nil }
func (nc *Conn) JetStream() (JetStreamContext, error)                        { return nil, nil }
func (nc *Conn) Subscribe(subj string, cb MsgHandler) (*Subscription, error) { return nil, nil }
func (nc *Conn) SubscribeSync(subj string) (*Subscription, error)            { return nil, nil }
func (nc *Conn) Request(subj string, data []byte, timeout time.Duration) (*Msg, error) {
	return nil, nil
}
