package jobs

import (
	"bytes"
	"context"
	"database/sql"
	"net/http"

	"cloud.google.com/go/pubsub/v2"
	"github.com/IBM/sarama"
	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/nats-io/nats.go"
	amqp "github.com/rabbitmq/amqp091-go"
	kafka "github.com/segmentio/kafka-go"
	"github.com/twmb/franz-go/pkg/kgo"

	"payments"
)

func post(ctx context.Context, url string, body []byte) error { // want post:`sends unkeyed POST \(retried=false\)`
	resp, err := http.Post(url, "application/json", bytes.NewReader(body))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func ConsumeOrders(ctx context.Context, r *kafka.Reader, pay *payments.Client) error { // want ConsumeOrders:`sends unkeyed POST \(retried=false\)`
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := pay.Charge(ctx, string(m.Key), 100); err != nil { // want `POST request in a kafka-go consumer is sent again each time the message is redelivered \(with no limit by default\)`
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

// ReadMessage commits first: a crash loses the message, it is not sent twice.
func ConsumeAudit(ctx context.Context, r *kafka.Reader, pay *payments.Client) error { // want ConsumeAudit:`sends unkeyed POST \(retried=false\)`
	for {
		m, err := r.ReadMessage(ctx)
		if err != nil {
			return err
		}
		_ = pay.Charge(ctx, string(m.Key), 100)
	}
}

type ledger struct{ pay *payments.Client }

func (ledger) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (ledger) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (l ledger) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error { // want ConsumeClaim:`sends unkeyed POST \(retried=false\)`
	for msg := range claim.Messages() {
		if err := l.pay.Charge(sess.Context(), string(msg.Key), 1); err != nil { // want `POST request in a sarama consumer is sent again`
			return err
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}

func PollPayouts(ctx context.Context, cl *kgo.Client, pay *payments.Client) {
	for {
		fetches := cl.PollFetches(ctx)
		fetches.EachRecord(func(r *kgo.Record) {
			_ = pay.Charge(ctx, string(r.Key), 1) // want `POST request in a franz-go consumer is sent again each time the record is redelivered`
		})
		_ = cl.CommitUncommittedOffsets(ctx)
	}
}

func SubscribeShipments(js nats.JetStreamContext, pay *payments.Client) error { // want SubscribeShipments:`sends unkeyed POST \(retried=false\)`
	_, err := js.Subscribe("shipments", func(m *nats.Msg) {
		if err := pay.Charge(context.Background(), m.Subject, 1); err != nil { // want `POST request in a NATS JetStream consumer is sent again`
			_ = m.Nak()
			return
		}
		_ = m.Ack()
	}, nats.ManualAck())
	return err
}

// Acked when the callback returns, whatever happened: not redelivered.
func SubscribeMetrics(js nats.JetStreamContext) error {
	_, err := js.Subscribe("metrics", func(m *nats.Msg) {
		_ = post(context.Background(), "https://metrics.example.com", m.Data)
	})
	return err
}

func Routes(r *message.Router, sub message.Subscriber) { // want Routes:`sends unkeyed POST \(retried=false\)`
	r.AddConsumerHandler("notify", "orders.paid", sub, func(msg *message.Message) error {
		return post(msg.Context(), "https://notify.example.com", msg.Payload) // want `POST request in a watermill handler is sent again`
	})
}

func ConsumeEmails(ch *amqp.Channel) error { // want ConsumeEmails:`sends unkeyed POST \(retried=false\)`
	msgs, err := ch.Consume("emails", "", false, false, false, false, nil)
	if err != nil {
		return err
	}
	for d := range msgs {
		if err := post(context.Background(), "https://mail.example.com", d.Body); err != nil { // want `POST request in a RabbitMQ consumer is sent again`
			_ = d.Nack(false, true)
			continue
		}
		_ = d.Ack(false)
	}
	return nil
}

// autoAck: nothing is redelivered.
func ConsumeLogs(ch *amqp.Channel) error { // want ConsumeLogs:`sends unkeyed POST \(retried=false\)`
	msgs, err := ch.Consume("logs", "", true, false, false, false, nil)
	if err != nil {
		return err
	}
	for d := range msgs {
		_ = post(context.Background(), "https://logs.example.com", d.Body)
	}
	return nil
}

func ReceiveSignups(ctx context.Context, sub *pubsub.Subscriber) error { // want ReceiveSignups:`sends unkeyed POST \(retried=false\)`
	return sub.Receive(ctx, func(ctx context.Context, m *pubsub.Message) {
		if err := post(ctx, "https://crm.example.com/contacts", m.Data); err != nil { // want `POST request in a Pub/Sub subscriber is sent again`
			m.Nack()
			return
		}
		m.Ack()
	})
}

// Recorded with ON CONFLICT DO NOTHING before the POST: a redelivery
// stops at the insert.
func ReceiveDeduped(ctx context.Context, sub *pubsub.Subscriber, db *sql.DB) error { // want ReceiveDeduped:`sends unkeyed POST \(retried=false\)`
	return sub.Receive(ctx, func(ctx context.Context, m *pubsub.Message) {
		res, err := db.ExecContext(ctx, `INSERT INTO processed_messages (id) VALUES ($1) ON CONFLICT (id) DO NOTHING`, m.ID)
		if err != nil {
			m.Nack()
			return
		}
		if n, _ := res.RowsAffected(); n == 0 {
			m.Ack()
			return
		}
		_ = post(ctx, "https://crm.example.com/contacts", m.Data)
		m.Ack()
	})
}

func PollRefunds(ctx context.Context, c *sqs.Client, queue string) error { // want PollRefunds:`sends unkeyed POST \(retried=false\)`
	for ctx.Err() == nil {
		out, err := c.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{QueueUrl: &queue})
		if err != nil {
			return err
		}
		for _, m := range out.Messages {
			if err := post(ctx, "https://pay.example.com/refunds", []byte(*m.Body)); err != nil { // want `POST request in an SQS consumer is sent again`
				continue
			}
			_, _ = c.DeleteMessage(ctx, &sqs.DeleteMessageInput{QueueUrl: &queue, ReceiptHandle: m.ReceiptHandle})
			_ = post(ctx, "https://audit.example.com", nil) // after the delete: not redelivered
		}
	}
	return nil
}
