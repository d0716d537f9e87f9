// Package awsevents publishes order events to SQS through clients whose
// retries the AWS SDK makes by itself.
package awsevents

import (
	"context"
	"math/rand/v2"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/aws/retry"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
)

// Publisher sends with the SDK's default retryer (3 attempts, jittered)
// and, for audit records, with one that never retries.
type Publisher struct {
	events *sqs.Client
	audit  *sqs.Client
	queue  string
}

func New(ctx context.Context, queue string) (*Publisher, error) {
	cfg, err := config.LoadDefaultConfig(ctx)
	if err != nil {
		return nil, err
	}
	audit := sqs.NewFromConfig(cfg, func(o *sqs.Options) { o.Retryer = aws.NopRetryer{} })
	return &Publisher{events: sqs.NewFromConfig(cfg), audit: audit, queue: queue}, nil
}

// OrderPlaced retries around a call the SDK already retries.
func (p *Publisher) OrderPlaced(ctx context.Context, body string) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if _, err = p.events.SendMessage(ctx, &sqs.SendMessageInput{QueueUrl: &p.queue, MessageBody: &body}); err == nil {
			return nil
		}
		time.Sleep(time.Second/2 + rand.N(time.Second/2))
	}
	return err
}

// Audited retries around a client that sends once: one layer only.
func (p *Publisher) Audited(ctx context.Context, body string) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if _, err = p.audit.SendMessage(ctx, &sqs.SendMessageInput{QueueUrl: &p.queue, MessageBody: &body}); err == nil {
			return nil
		}
		time.Sleep(time.Second/2 + rand.N(time.Second/2))
	}
	return err
}

// steadyBackoff waits the same second before every retry.
type steadyBackoff struct{}

func (steadyBackoff) BackoffDelay(int, error) (time.Duration, error) { return time.Second, nil }

// LoadPatient waits without jitter and never gives up.
func LoadPatient(ctx context.Context) (aws.Config, error) {
	return config.LoadDefaultConfig(ctx, config.WithRetryer(func() aws.Retryer {
		return retry.AddWithMaxAttempts(retry.NewStandard(func(o *retry.StandardOptions) {
			o.Backoff = steadyBackoff{}
		}), 0)
	}))
}

// LoadBounded makes 5 jittered attempts.
func LoadBounded(ctx context.Context) (aws.Config, error) {
	return config.LoadDefaultConfig(ctx, config.WithRetryer(func() aws.Retryer {
		return retry.AddWithMaxAttempts(retry.NewStandard(func(o *retry.StandardOptions) {
			o.Backoff = retry.NewExponentialJitterBackoff(5 * time.Second)
		}), 5)
	}))
}
