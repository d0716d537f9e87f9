// Package sqs is a stub of github.com/aws/aws-sdk-go-v2/service/sqs v1.53.0.
package sqs

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/service/sqs/types"
)

type Options struct{}

type Client struct{}

type ReceiveMessageInput struct {
	QueueUrl            *string
	MaxNumberOfMessages int32
	WaitTimeSeconds     int32
}

type ReceiveMessageOutput struct {
	Messages []types.Message
}

type DeleteMessageInput struct {
	QueueUrl      *string
	ReceiptHandle *string
}

type DeleteMessageOutput struct{}

func (c *Client) ReceiveMessage(ctx context.Context, params *ReceiveMessageInput, optFns ...func(*Options)) (*ReceiveMessageOutput, error) {
	return nil, nil
}
func (c *Client) DeleteMessage(ctx context.Context, params *DeleteMessageInput, optFns ...func(*Options)) (*DeleteMessageOutput, error) {
	return nil, nil
}
