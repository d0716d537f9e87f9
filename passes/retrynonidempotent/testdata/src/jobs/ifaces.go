package jobs

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"
	"github.com/hibiken/asynq"

	"notify"
	"payments"
)

// WelcomeHandler reaches the POST through notify.Mailer, whose one
// implementation is in the program.
type WelcomeHandler struct {
	mailer notify.Mailer
}

func (h *WelcomeHandler) ProcessTask(ctx context.Context, t *asynq.Task) error { // want ProcessTask:`sends unkeyed POST \(retried=false\)`
	return h.mailer.Send(ctx, "user", t.Payload()) // want `POST request in an asynq task handler is sent again each time the task is retried \(up to 26 runs\)`
}

// messageHandler is the SQS consumer's port; its one implementation
// charges and deletes the message itself.
type messageHandler interface {
	Handle(ctx context.Context, m types.Message) // want Handle:`sends unkeyed POST \(retried=false\)`
}

type chargeHandler struct {
	sqs   *sqs.Client
	queue string
	pay   *payments.Client
}

func (h *chargeHandler) Handle(ctx context.Context, m types.Message) { // want Handle:`sends unkeyed POST \(retried=false\)`
	if err := h.pay.Charge(ctx, *m.MessageId, 1); err != nil { // want `POST request in an SQS consumer is sent again`
		return
	}
	_, _ = h.sqs.DeleteMessage(ctx, &sqs.DeleteMessageInput{QueueUrl: &h.queue, ReceiptHandle: m.ReceiptHandle})
}

// PollPort hands each message to the port: the implementation's site
// covers the POST, the loop's ends at the call, which deletes.
func PollPort(ctx context.Context, c *sqs.Client, queue string, h messageHandler) error { // want PollPort:`sends unkeyed POST \(retried=false\)`
	for ctx.Err() == nil {
		out, err := c.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{QueueUrl: &queue})
		if err != nil {
			return err
		}
		for _, m := range out.Messages {
			h.Handle(ctx, m)
		}
	}
	return nil
}
