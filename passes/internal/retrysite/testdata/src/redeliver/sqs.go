package redeliver

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"
	sqsv1 "github.com/aws/aws-sdk-go/service/sqs"
)

func pollRefunds(ctx context.Context, c *sqs.Client, queue string) error {
	for ctx.Err() == nil {
		out, err := c.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{QueueUrl: &queue, MaxNumberOfMessages: 10}) // want `redelivered handler SQS attempts=0`
		if err != nil {
			return err
		}
		for _, m := range out.Messages {
			if err := work(ctx); err != nil { // want `runs again`
				continue
			}
			_, _ = c.DeleteMessage(ctx, &sqs.DeleteMessageInput{QueueUrl: &queue, ReceiptHandle: m.ReceiptHandle})
		}
	}
	return nil
}

// sqsWorker leaves each message to a method that deletes it once handled.
type sqsWorker struct {
	c     *sqs.Client
	queue string
	jobs  chan types.Message
}

func (w *sqsWorker) run(ctx context.Context) error {
	for ctx.Err() == nil {
		out, err := w.c.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{QueueUrl: &w.queue}) // want `redelivered handler SQS attempts=0`
		if err != nil {
			return err
		}
		for _, m := range out.Messages {
			w.handle(ctx, m)
			go w.handle(ctx, m)
			w.jobs <- m
		}
	}
	return nil
}

func (w *sqsWorker) work(ctx context.Context) {
	for m := range w.jobs {
		w.handle(ctx, m)
	}
}

func (w *sqsWorker) handle(ctx context.Context, m types.Message) { // want `redelivered handler SQS attempts=0`
	if err := work(ctx); err != nil { // want `runs again`
		return
	}
	w.delete(ctx, m)
	_ = work(ctx) // deleted: not again
}

// delete only acknowledges: nothing before it runs again.
func (w *sqsWorker) delete(ctx context.Context, m types.Message) {
	_, _ = w.c.DeleteMessage(ctx, &sqs.DeleteMessageInput{QueueUrl: &w.queue, ReceiptHandle: m.ReceiptHandle})
}

// publish is handed a message it does not acknowledge: none of its
// deliveries runs here.
func publish(ctx context.Context, m types.Message) error {
	return work(ctx)
}

func pollV1(svc *sqsv1.SQS, queue string) error {
	for {
		out, err := svc.ReceiveMessage(&sqsv1.ReceiveMessageInput{QueueUrl: &queue}) // want `redelivered handler SQS attempts=0`
		if err != nil {
			return err
		}
		for _, m := range out.Messages {
			go handleV1(svc, queue, m)
		}
	}
}

func handleV1(svc *sqsv1.SQS, queue string, m *sqsv1.Message) { // want `redelivered handler SQS attempts=0`
	_ = work(context.Background()) // want `runs again`
	_, _ = svc.DeleteMessage(&sqsv1.DeleteMessageInput{QueueUrl: &queue, ReceiptHandle: m.ReceiptHandle})
}

// A port whose one implementation deletes the message: the call
// acknowledges, so what follows it is not delivered again.
type port interface {
	Handle(ctx context.Context, m types.Message)
}

func pollPort(ctx context.Context, c *sqs.Client, queue string, p port) error {
	for ctx.Err() == nil {
		out, err := c.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{QueueUrl: &queue}) // want `redelivered handler SQS attempts=0`
		if err != nil {
			return err
		}
		for _, m := range out.Messages {
			_ = work(ctx) // want `runs again`
			p.Handle(ctx, m)
			_ = work(ctx) // handled and deleted: not again
		}
	}
	return nil
}

func (w *sqsWorker) Handle(ctx context.Context, m types.Message) { // want `redelivered handler SQS attempts=0`
	_ = work(ctx) // want `runs again`
	w.delete(ctx, m)
}
