package jobs

import (
	"bytes"
	"context"
	"log"
	"net/http"

	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"
	sqsv1 "github.com/aws/aws-sdk-go/service/sqs"
	"github.com/google/uuid"

	"payments"
)

// SQSWorker receives in one loop and leaves each message to a method
// that deletes it once handled: the work before the delete runs again
// when the message comes back.
type SQSWorker struct {
	sqs   *sqs.Client
	queue string
	pay   *payments.Client
	jobs  chan types.Message
}

// Run calls handle for each message.
func (w *SQSWorker) Run(ctx context.Context) error { // want Run:`sends unkeyed POST \(retried=false\)`
	for ctx.Err() == nil {
		out, err := w.sqs.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{QueueUrl: &w.queue})
		if err != nil {
			return err
		}
		for _, m := range out.Messages {
			w.handle(ctx, m)
		}
	}
	return nil
}

func (w *SQSWorker) handle(ctx context.Context, m types.Message) { // want handle:`sends unkeyed POST \(retried=false\)`
	if err := w.pay.Charge(ctx, *m.MessageId, 100); err != nil { // want `POST request in an SQS consumer is sent again each time the message is redelivered \(with no limit by default\)`
		log.Printf("charge %s: %v", *m.MessageId, err)
		return
	}
	_, _ = w.sqs.DeleteMessage(ctx, &sqs.DeleteMessageInput{QueueUrl: &w.queue, ReceiptHandle: m.ReceiptHandle})
}

// RunAsync starts a goroutine per message.
func (w *SQSWorker) RunAsync(ctx context.Context) error {
	for ctx.Err() == nil {
		out, err := w.sqs.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{QueueUrl: &w.queue})
		if err != nil {
			return err
		}
		for _, m := range out.Messages {
			go w.refund(ctx, m)
		}
	}
	return nil
}

// refund makes its key while it processes the message: a new key on
// every delivery.
func (w *SQSWorker) refund(ctx context.Context, m types.Message) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://pay.example.com/refunds", bytes.NewReader([]byte(*m.Body)))
	if err != nil {
		return
	}
	req.Header.Set("Idempotency-Key", uuid.NewString()) // want `Idempotency-Key is generated anew each time an SQS consumer runs, so the server cannot recognise the redelivered message; derive the key from the message ID`
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return
	}
	_ = resp.Body.Close()
	w.delete(ctx, m)
}

// refundKeyed derives its key from the message ID: the same on every
// delivery.
func (w *SQSWorker) refundKeyed(ctx context.Context, m types.Message) {
	if err := w.pay.ChargeKeyed(ctx, *m.MessageId, *m.Body); err != nil {
		return
	}
	w.delete(ctx, m)
}

func (w *SQSWorker) delete(ctx context.Context, m types.Message) {
	_, _ = w.sqs.DeleteMessage(ctx, &sqs.DeleteMessageInput{QueueUrl: &w.queue, ReceiptHandle: m.ReceiptHandle})
}

// RunPool hands the messages to worker goroutines over a channel.
func (w *SQSWorker) RunPool(ctx context.Context) error { // want RunPool:`sends unkeyed POST \(retried=false\)`
	w.jobs = make(chan types.Message)
	for range 4 {
		go w.work(ctx)
	}
	for ctx.Err() == nil {
		out, err := w.sqs.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{QueueUrl: &w.queue})
		if err != nil {
			return err
		}
		for _, m := range out.Messages {
			w.jobs <- m
		}
	}
	return nil
}

func (w *SQSWorker) work(ctx context.Context) { // want work:`sends unkeyed POST \(retried=false\)`
	for m := range w.jobs {
		w.settle(ctx, m)
	}
}

func (w *SQSWorker) settle(ctx context.Context, m types.Message) { // want settle:`sends unkeyed POST \(retried=false\)`
	if err := w.pay.Charge(ctx, *m.Body, 1); err != nil { // want `POST request in an SQS consumer is sent again`
		return
	}
	w.delete(ctx, m)
}

// drain deletes first: what follows is not delivered again.
func (w *SQSWorker) drain(ctx context.Context, m types.Message) { // want drain:`sends unkeyed POST \(retried=false\)`
	w.delete(ctx, m)
	_ = w.pay.Charge(ctx, *m.Body, 1)
}

// forward is handed a message it does not acknowledge (one the program
// publishes): no delivery of it is running here.
func forward(ctx context.Context, pay *payments.Client, m types.Message) error { // want forward:`sends unkeyed POST \(retried=false\)`
	return pay.Charge(ctx, *m.Body, 1)
}

// SQSV1Worker is the same consumer on the v1 SDK.
type SQSV1Worker struct {
	sqs   *sqsv1.SQS
	queue string
	pay   *payments.Client
}

func (w *SQSV1Worker) Run(ctx context.Context) error { // want Run:`sends unkeyed POST \(retried=false\)`
	for ctx.Err() == nil {
		out, err := w.sqs.ReceiveMessageWithContext(ctx, &sqsv1.ReceiveMessageInput{QueueUrl: &w.queue})
		if err != nil {
			return err
		}
		for _, m := range out.Messages {
			go w.handle(ctx, m)
		}
	}
	return nil
}

func (w *SQSV1Worker) handle(ctx context.Context, m *sqsv1.Message) { // want handle:`sends unkeyed POST \(retried=false\)`
	if err := w.pay.Charge(ctx, *m.MessageId, 1); err != nil { // want `POST request in an SQS consumer is sent again`
		return
	}
	_, _ = w.sqs.DeleteMessageWithContext(ctx, &sqsv1.DeleteMessageInput{QueueUrl: &w.queue, ReceiptHandle: m.ReceiptHandle})
}

// PollV1 handles in the receive loop.
func PollV1(svc *sqsv1.SQS, queue string, pay *payments.Client) error { // want PollV1:`sends unkeyed POST \(retried=false\)`
	for {
		out, err := svc.ReceiveMessage(&sqsv1.ReceiveMessageInput{QueueUrl: &queue})
		if err != nil {
			return err
		}
		for _, m := range out.Messages {
			if err := pay.Charge(context.Background(), *m.Body, 1); err != nil { // want `POST request in an SQS consumer is sent again`
				continue
			}
			_, _ = svc.DeleteMessage(&sqsv1.DeleteMessageInput{QueueUrl: &queue, ReceiptHandle: m.ReceiptHandle})
			_ = pay.Charge(context.Background(), "audit", 0) // after the delete
		}
	}
}
