package consumers

import (
	"context"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	amqp "github.com/rabbitmq/amqp091-go"

	"example.com/e2e/client"
)

// SubscribeShipments acks by hand: a Nak, or a crash before the Ack,
// redelivers the message.
func SubscribeShipments(js nats.JetStreamContext, api *client.Client) error {
	_, err := js.Subscribe("shipments.created", func(m *nats.Msg) {
		if err := api.CreateOrder(context.Background(), m.Data); err != nil {
			_ = m.Nak()
			return
		}
		_ = m.Ack()
	}, nats.ManualAck())
	return err
}

// Without ManualAck the message is acked when the callback returns.
func SubscribeMetrics(js nats.JetStreamContext, api *client.Client) error {
	_, err := js.Subscribe("metrics", func(m *nats.Msg) {
		_ = api.CreateOrder(context.Background(), m.Data)
	})
	return err
}

// ConsumeInvoices keys nothing: a Nak redelivers it.
func ConsumeInvoices(cons jetstream.Consumer, api *client.Client) (jetstream.ConsumeContext, error) {
	return cons.Consume(func(m jetstream.Msg) {
		if err := api.CreateOrder(context.Background(), m.Data()); err != nil {
			_ = m.Nak()
			return
		}
		_ = m.Ack()
	})
}

// Routes registers a handler whose error Nacks the message.
func Routes(r *message.Router, sub message.Subscriber, api *client.Client) {
	r.AddConsumerHandler("charge", "orders.paid", sub, func(msg *message.Message) error {
		return api.CreateOrder(msg.Context(), msg.Payload)
	})
	r.AddConsumerHandler("lookup", "orders.viewed", sub, func(msg *message.Message) error {
		return api.Get(msg.Context(), "/orders/"+msg.UUID)
	})
}

// ConsumeEmails acks by hand and requeues on failure.
func ConsumeEmails(ch *amqp.Channel, api *client.Client) error {
	msgs, err := ch.Consume("emails", "", false, false, false, false, nil)
	if err != nil {
		return err
	}
	for d := range msgs {
		if err := api.CreateOrder(context.Background(), d.Body); err != nil {
			_ = d.Nack(false, true)
			continue
		}
		_ = d.Ack(false)
	}
	return nil
}

// ConsumeLogs uses autoAck: nothing is redelivered.
func ConsumeLogs(ch *amqp.Channel, api *client.Client) error {
	msgs, err := ch.Consume("logs", "", true, false, false, false, nil)
	if err != nil {
		return err
	}
	for d := range msgs {
		_ = api.CreateOrder(context.Background(), d.Body)
	}
	return nil
}
