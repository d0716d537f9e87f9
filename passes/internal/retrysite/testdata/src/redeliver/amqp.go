package redeliver

import (
	"context"

	amqp "github.com/rabbitmq/amqp091-go"
)

func consumeEmails(ch *amqp.Channel) error {
	msgs, err := ch.Consume("emails", "", false, false, false, false, nil)
	if err != nil {
		return err
	}
	for d := range msgs { // want `redelivered handler RabbitMQ attempts=0`
		if err := work(context.Background()); err != nil { // want `runs again`
			_ = d.Nack(false, true)
			continue
		}
		_ = d.Ack(false)
	}
	return nil
}

// autoAck true: the broker forgets each message as it sends it.
func consumeLogs(ch *amqp.Channel) error {
	msgs, err := ch.Consume("logs", "", true, false, false, false, nil)
	if err != nil {
		return err
	}
	for range msgs {
		_ = work(context.Background())
	}
	return nil
}

// A worker given the channel: it acks, so the consumer does not auto-ack.
func deliveryWorker(ctx context.Context, deliveries <-chan amqp.Delivery) {
	for d := range deliveries { // want `redelivered handler RabbitMQ attempts=0`
		_ = work(ctx) // want `runs again`
		_ = d.Ack(false)
	}
}
