package consumers

import (
	"bytes"
	"context"
	"net/http"

	"github.com/IBM/sarama"
	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/aws/aws-sdk-go-v2/service/sqs"

	"example.com/e2e/client"
)

// KeyedRoutes keys its POST with the message UUID, the same on every
// redelivery.
func KeyedRoutes(r *message.Router, sub message.Subscriber, base string) {
	r.AddConsumerHandler("invoice", "orders.invoiced", sub, func(msg *message.Message) error {
		req, err := http.NewRequestWithContext(msg.Context(), http.MethodPost, base+"/invoices", bytes.NewReader(msg.Payload))
		if err != nil {
			return err
		}
		req.Header.Set("Idempotency-Key", msg.UUID)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}

// Notifier marks each message before it sends: at most once, a crash
// loses the message instead of sending it twice.
type Notifier struct{ API *client.Client }

func (Notifier) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (Notifier) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (n Notifier) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		sess.MarkMessage(msg, "")
		_ = n.API.CreateOrder(sess.Context(), msg.Value)
	}
	return nil
}

// DrainReceipts deletes each message first, then sends.
func DrainReceipts(ctx context.Context, c *sqs.Client, queue string, api *client.Client) error {
	out, err := c.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{QueueUrl: &queue})
	if err != nil {
		return err
	}
	for _, m := range out.Messages {
		if _, err := c.DeleteMessage(ctx, &sqs.DeleteMessageInput{QueueUrl: &queue, ReceiptHandle: m.ReceiptHandle}); err != nil {
			continue
		}
		_ = api.CreateOrder(ctx, []byte(*m.Body))
	}
	return nil
}
