// Package sqs is a stub of github.com/aws/aws-sdk-go-v2/service/sqs v1.53.0.
package sqs

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"
)

type Options struct {
	Region           string
	RetryMaxAttempts int
	Retryer          aws.Retryer
}

type Client struct{ options Options }

func New(options Options, optFns ...func(*Options)) *Client { return &Client{options} }

func NewFromConfig(cfg aws.Config, optFns ...func(*Options)) *Client { return &Client{} }

type SendMessageInput struct {
	QueueUrl               *string
	MessageBody            *string
	MessageDeduplicationId *string
	MessageGroupId         *string
}

type SendMessageOutput struct {
	MessageId *string
}

func (c *Client) SendMessage(ctx context.Context, params *SendMessageInput, optFns ...func(*Options)) (*SendMessageOutput, error) {
	return nil, nil
}

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
