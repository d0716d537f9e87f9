package consumers

import (
	"bytes"
	"context"
	"log"
	"net/http"

	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"
	sqsv1 "github.com/aws/aws-sdk-go/service/sqs"
	"github.com/google/uuid"

	"example.com/e2e/client"
)

// SQSWorker receives in one loop and hands each message to methods that
// delete it once handled: what precedes the delete runs again when the
// message comes back.
type SQSWorker struct {
	SQS   *sqs.Client
	Queue string
	API   *client.Client
}

func (w *SQSWorker) Run(ctx context.Context) error {
	for ctx.Err() == nil {
		out, err := w.SQS.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{QueueUrl: &w.Queue, WaitTimeSeconds: 20})
		if err != nil {
			return err
		}
		for _, m := range out.Messages {
			w.charge(ctx, m)
			go w.refund(ctx, m)
			go w.sync(ctx, m)
			go w.audit(ctx, m)
		}
	}
	return nil
}

// charge sends an unkeyed POST before it deletes the message.
func (w *SQSWorker) charge(ctx context.Context, m types.Message) {
	if err := w.API.CreateOrder(ctx, []byte(*m.Body)); err != nil {
		log.Printf("charge %s: %v", *m.MessageId, err)
		return
	}
	w.delete(ctx, m)
}

// refund makes its key while it handles the message: a new key on
// every delivery.
func (w *SQSWorker) refund(ctx context.Context, m types.Message) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, w.API.Base+"/refunds", bytes.NewReader([]byte(*m.Body)))
	if err != nil {
		return
	}
	req.Header.Set("Idempotency-Key", uuid.NewString())
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return
	}
	_ = resp.Body.Close()
	w.delete(ctx, m)
}

// sync retries a lookup and leaves a message whose lookup still failed:
// every delivery runs the three attempts again.
func (w *SQSWorker) sync(ctx context.Context, m types.Message) {
	if err := w.lookup(ctx, *m.Body); err != nil {
		return
	}
	w.delete(ctx, m)
}

// audit deletes a message whose lookup failed too: its retry is the only
// one.
func (w *SQSWorker) audit(ctx context.Context, m types.Message) {
	if err := w.lookup(ctx, *m.Body); err != nil {
		log.Printf("dropping %s: %v", *m.MessageId, err)
	}
	w.delete(ctx, m)
}

func (w *SQSWorker) lookup(ctx context.Context, id string) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = w.API.Get(ctx, "/orders/"+id); err == nil {
			return nil
		}
	}
	return err
}

func (w *SQSWorker) delete(ctx context.Context, m types.Message) {
	_, _ = w.SQS.DeleteMessage(ctx, &sqs.DeleteMessageInput{QueueUrl: &w.Queue, ReceiptHandle: m.ReceiptHandle})
}

// PollV1 is the same consumer on the v1 SDK.
func PollV1(ctx context.Context, svc *sqsv1.SQS, queue string, api *client.Client) error {
	for ctx.Err() == nil {
		out, err := svc.ReceiveMessageWithContext(ctx, &sqsv1.ReceiveMessageInput{QueueUrl: &queue})
		if err != nil {
			return err
		}
		for _, m := range out.Messages {
			if err := api.CreateOrder(ctx, []byte(*m.Body)); err != nil {
				continue
			}
			_, _ = svc.DeleteMessageWithContext(ctx, &sqsv1.DeleteMessageInput{QueueUrl: &queue, ReceiptHandle: m.ReceiptHandle})
		}
	}
	return nil
}
