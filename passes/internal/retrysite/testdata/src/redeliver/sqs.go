package redeliver

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/service/sqs"
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
