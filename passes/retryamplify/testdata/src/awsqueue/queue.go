// Package awsqueue publishes events to SQS through clients built the ways
// services build them; the SDK retries each call by itself.
package awsqueue

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
)

// Publisher sends with the SDK's default retryer: 3 attempts.
type Publisher struct {
	sqs   *sqs.Client
	queue string
}

func NewPublisher(ctx context.Context, queue string) (*Publisher, error) {
	cfg, err := config.LoadDefaultConfig(ctx, config.WithRegion("eu-west-1"))
	if err != nil {
		return nil, err
	}
	return &Publisher{sqs: sqs.NewFromConfig(cfg), queue: queue}, nil
}

func (p *Publisher) Publish(ctx context.Context, body string) error { // want Publish:`retries\(attempts=3\)`
	_, err := p.sqs.SendMessage(ctx, &sqs.SendMessageInput{QueueUrl: aws.String(p.queue), MessageBody: aws.String(body)})
	return err
}

// QuietPublisher's client never retries: its caller owns the retries.
type QuietPublisher struct {
	sqs   *sqs.Client
	queue string
}

func NewQuietPublisher(cfg aws.Config, queue string) *QuietPublisher {
	c := sqs.NewFromConfig(cfg, func(o *sqs.Options) {
		o.Retryer = aws.NopRetryer{}
	})
	return &QuietPublisher{sqs: c, queue: queue}
}

func (p *QuietPublisher) Publish(ctx context.Context, body string) error {
	_, err := p.sqs.SendMessage(ctx, &sqs.SendMessageInput{QueueUrl: aws.String(p.queue), MessageBody: aws.String(body)})
	return err
}

// OnceConfig loads a configuration whose clients send each call once.
func OnceConfig(ctx context.Context) (aws.Config, error) {
	return config.LoadDefaultConfig(ctx, config.WithRetryMaxAttempts(1))
}
