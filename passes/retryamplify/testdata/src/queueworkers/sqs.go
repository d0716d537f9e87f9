// Package queueworkers consumes ledger events from SQS, Kafka (sarama)
// and NATS JetStream, posting each to the ledger through queuekit.
package queueworkers

import (
	"context"
	"log"

	"github.com/aws/aws-sdk-go-v2/service/sqs"

	"queuekit"
)

type SQSWorker struct {
	sqs    *sqs.Client
	queue  *string
	ledger *queuekit.Ledger
}

// Poll leaves a message whose post failed in the queue: SQS sends it
// again after the visibility timeout, and every delivery runs Post's
// three attempts again.
func (w *SQSWorker) Poll(ctx context.Context) error { // want Poll:`retries\(attempts=3\)`
	for {
		out, err := w.sqs.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{QueueUrl: w.queue, MaxNumberOfMessages: 10})
		if err != nil {
			return err
		}
		for _, m := range out.Messages {
			if err := w.ledger.Post(ctx, []byte(*m.Body)); err != nil { // want `retry inside an SQS consumer, which SQS retries with no limit by default: every run repeats this retry, so the attempts multiply; retry at one layer only, and let SQS retry the message, here or in queuekit.Ledger.Post`
				log.Printf("post %s: %v", *m.MessageId, err)
				continue
			}
			if _, err := w.sqs.DeleteMessage(ctx, &sqs.DeleteMessageInput{QueueUrl: w.queue, ReceiptHandle: m.ReceiptHandle}); err != nil {
				log.Printf("delete %s: %v", *m.MessageId, err)
			}
		}
	}
}

// PollDrop deletes a message whose post failed too (after logging it for
// a person to look at): nothing delivers it again, so Post's retry is the
// only one.
func (w *SQSWorker) PollDrop(ctx context.Context) error { // want PollDrop:`retries\(attempts=3\)`
	for {
		out, err := w.sqs.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{QueueUrl: w.queue})
		if err != nil {
			log.Printf("receive: %v", err)
			continue
		}
		for _, m := range out.Messages {
			if err := w.ledger.Post(ctx, []byte(*m.Body)); err != nil {
				log.Printf("dropping %s: %v", *m.MessageId, err)
				w.delete(ctx, m.ReceiptHandle)
				continue
			}
			w.delete(ctx, m.ReceiptHandle)
		}
	}
}

// PollPoison skips a message it cannot decode (redelivered, but before
// any retry ran); a message whose post fails is deleted: Post's retry
// is the only one.
func (w *SQSWorker) PollPoison(ctx context.Context) error { // want PollPoison:`retries\(attempts=3\)`
	for {
		out, err := w.sqs.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{QueueUrl: w.queue})
		if err != nil {
			return err
		}
		for _, m := range out.Messages {
			body, err := queuekit.Decode([]byte(*m.Body))
			if err != nil {
				continue
			}
			if err := w.ledger.Post(ctx, []byte(body)); err != nil {
				log.Printf("post: %v", err)
			}
			w.delete(ctx, m.ReceiptHandle)
		}
	}
}

func (w *SQSWorker) delete(ctx context.Context, handle *string) { // want delete:`retries\(attempts=0\)`
	if _, err := w.sqs.DeleteMessage(ctx, &sqs.DeleteMessageInput{QueueUrl: w.queue, ReceiptHandle: handle}); err != nil {
		log.Printf("delete: %v", err)
	}
}
