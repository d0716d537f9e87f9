// Package sqs is a stub of github.com/aws/aws-sdk-go/service/sqs v1.55.6
// (the v1 SDK keeps its types beside the client; its aws.Context is an
// alias of context.Context, and the request options are left out).
package sqs

import "context"

type SQS struct{}

type Message struct {
	Body          *string
	MessageId     *string
	ReceiptHandle *string
}

type ReceiveMessageInput struct {
	QueueUrl            *string
	MaxNumberOfMessages *int64
	WaitTimeSeconds     *int64
}

type ReceiveMessageOutput struct {
	Messages []*Message
}

type DeleteMessageInput struct {
	QueueUrl      *string
	ReceiptHandle *string
}

type DeleteMessageOutput struct{}

func (c *SQS) ReceiveMessage(input *ReceiveMessageInput) (*ReceiveMessageOutput, error) {
	return nil, nil
}

func (c *SQS) ReceiveMessageWithContext(ctx context.Context, input *ReceiveMessageInput) (*ReceiveMessageOutput, error) {
	return nil, nil
}

func (c *SQS) DeleteMessage(input *DeleteMessageInput) (*DeleteMessageOutput, error) {
	return nil, nil
}

func (c *SQS) DeleteMessageWithContext(ctx context.Context, input *DeleteMessageInput) (*DeleteMessageOutput, error) {
	return nil, nil
}
