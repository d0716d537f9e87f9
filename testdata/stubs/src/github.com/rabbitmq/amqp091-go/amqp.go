// Package amqp091 is a stub of github.com/rabbitmq/amqp091-go v1.16.0.
package amqp091

import "context"

type Table map[string]any

type Delivery struct {
	MessageId   string
	Redelivered bool
	Body        []byte
}

func (d Delivery) Ack(multiple bool) error           { return nil }
func (d Delivery) Nack(multiple, requeue bool) error { return nil }
func (d Delivery) Reject(requeue bool) error         { return nil }

type Channel struct{}

func (ch *Channel) Consume(queue, consumer string, autoAck, exclusive, noLocal, noWait bool, args Table) (<-chan Delivery, error) {
	return nil, nil
}
func (ch *Channel) ConsumeWithContext(ctx context.Context, queue, consumer string, autoAck, exclusive, noLocal, noWait bool, args Table) (<-chan Delivery, error) {
	return nil, nil
}

type Connection struct{}

func Dial(url string) (*Connection, error)       { return &Connection{}, nil }
func (c *Connection) Channel() (*Channel, error) { return &Channel{}, nil }
