package consumers

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/service/sqs"

	"example.com/e2e/client"
)

// PollRefunds deletes a message once it is handled; one not deleted
// becomes visible again.
func PollRefunds(ctx context.Context, c *sqs.Client, queue string, api *client.Client) error {
	for ctx.Err() == nil {
		out, err := c.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{QueueUrl: &queue, MaxNumberOfMessages: 10, WaitTimeSeconds: 20})
		if err != nil {
			return err
		}
		for _, m := range out.Messages {
			if err := api.CreateOrder(ctx, []byte(*m.Body)); err != nil {
				continue
			}
			if _, err := c.DeleteMessage(ctx, &sqs.DeleteMessageInput{QueueUrl: &queue, ReceiptHandle: m.ReceiptHandle}); err != nil {
				return err
			}
			// Deleted: what follows is not redelivered.
			_ = api.Get(ctx, "/refunds/"+*m.MessageId)
		}
	}
	return nil
}
