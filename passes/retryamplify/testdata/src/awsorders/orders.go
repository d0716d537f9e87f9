// Package awsorders retries around SDK calls that retry by themselves.
package awsorders

import (
	"context"
	"errors"
	"time"

	"awsqueue"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/aws/retry"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
)

var errThrottled = errors.New("throttled")

type Service struct {
	events *awsqueue.Publisher
	quiet  *awsqueue.QuietPublisher
	jobs   *sqs.Client // given by the caller: its retryer is not in view
	queue  string
}

func NewService(events *awsqueue.Publisher, quiet *awsqueue.QuietPublisher, jobs *sqs.Client) *Service {
	return &Service{events: events, quiet: quiet, jobs: jobs, queue: "jobs"}
}

// A retry loop around a helper whose SDK call retries 3 times.
func (s *Service) OrderPlaced(ctx context.Context, id string) error { // want OrderPlaced:`retries\(attempts=15\)`
	var err error
	for i := 0; i < 5; i++ {
		if err = s.events.Publish(ctx, id); err == nil { // want `retry inside a retry: every outer attempt runs the inner retry again, so 5 x 3 = 15 calls when the dependency keeps failing; retry at one layer only, here or in awsqueue.Publisher.Publish`
			return nil
		}
		time.Sleep(time.Duration(i+1) * 100 * time.Millisecond)
	}
	return err
}

// The quiet publisher's client does not retry: one layer only.
func (s *Service) OrderShipped(ctx context.Context, id string) error { // want OrderShipped:`retries\(attempts=5\)`
	var err error
	for i := 0; i < 5; i++ {
		if err = s.quiet.Publish(ctx, id); err == nil {
			return nil
		}
		time.Sleep(time.Duration(i+1) * 100 * time.Millisecond)
	}
	return err
}

// A client of unknown configuration retries with the SDK's default.
func (s *Service) Enqueue(ctx context.Context, body string) error { // want Enqueue:`retries\(attempts=0\)`
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		_, err = s.jobs.SendMessage(ctx, &sqs.SendMessageInput{QueueUrl: aws.String(s.queue), MessageBody: aws.String(body)}) // want `retry inside a retry: every outer attempt runs the inner retry again, so the attempts multiply; retry at one layer only`
		if err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Per-call options that switch the SDK's retries off.
func (s *Service) EnqueueOnce(ctx context.Context, body string) error { // want EnqueueOnce:`retries\(attempts=3\)`
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		_, err = s.jobs.SendMessage(ctx, &sqs.SendMessageInput{QueueUrl: aws.String(s.queue), MessageBody: aws.String(body)}, func(o *sqs.Options) {
			o.RetryMaxAttempts = 1
		})
		if err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Clients built here, with the retries they make.
func Audit(ctx context.Context, queue, body string) error { // want Audit:`retries\(attempts=20\)`
	cfg, err := config.LoadDefaultConfig(ctx)
	if err != nil {
		return err
	}
	c := sqs.NewFromConfig(cfg, func(o *sqs.Options) { o.RetryMaxAttempts = 5 })
	for attempt := 0; attempt < 4; attempt++ {
		if _, err = c.SendMessage(ctx, &sqs.SendMessageInput{QueueUrl: &queue, MessageBody: &body}); err == nil { // want `so 4 x 5 = 20 calls when the dependency keeps failing`
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func newPatientClient(ctx context.Context) (*sqs.Client, error) {
	cfg, err := config.LoadDefaultConfig(ctx, config.WithRetryer(func() aws.Retryer {
		return retry.AddWithMaxAttempts(retry.NewStandard(), 10)
	}))
	if err != nil {
		return nil, err
	}
	return sqs.NewFromConfig(cfg), nil
}

func Notify(ctx context.Context, queue, body string) error { // want Notify:`retries\(attempts=30\)`
	c, err := newPatientClient(ctx)
	if err != nil {
		return err
	}
	for range 3 {
		if _, err = c.SendMessage(ctx, &sqs.SendMessageInput{QueueUrl: &queue, MessageBody: &body}); err == nil { // want `so 3 x 10 = 30 calls`
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Clients that send once: a NopRetryer, one attempt in the
// configuration, a NopRetryer given a maximum.
func newOnceClient(ctx context.Context) (*sqs.Client, error) {
	cfg, err := config.LoadDefaultConfig(ctx, config.WithRetryer(func() aws.Retryer {
		return retry.AddWithMaxAttempts(aws.NopRetryer{}, 5)
	}))
	if err != nil {
		return nil, err
	}
	return sqs.NewFromConfig(cfg), nil
}

func NotifyOnce(ctx context.Context, queue, body string) error { // want NotifyOnce:`retries\(attempts=3\)`
	c, err := newOnceClient(ctx)
	if err != nil {
		return err
	}
	for range 3 {
		if _, err = c.SendMessage(ctx, &sqs.SendMessageInput{QueueUrl: &queue, MessageBody: &body}); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func NotifyFromOnceConfig(ctx context.Context, queue, body string) error { // want NotifyFromOnceConfig:`retries\(attempts=3\)`
	cfg, err := awsqueue.OnceConfig(ctx)
	if err != nil {
		return err
	}
	cfg.RetryMaxAttempts = 1
	c := sqs.New(sqs.Options{Region: cfg.Region, Retryer: aws.NopRetryer{}})
	for range 3 {
		if _, err = c.SendMessage(ctx, &sqs.SendMessageInput{QueueUrl: &queue, MessageBody: &body}); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// The SDK call runs after the retry loop, not inside it.
func AfterTheLoop(ctx context.Context, c *sqs.Client, queue string, ready func() error) error { // want AfterTheLoop:`retries\(attempts=3\)`
	var err error
	for i := 0; i < 3; i++ {
		if err = ready(); err == nil {
			break
		}
		time.Sleep(time.Second)
	}
	if err != nil {
		return err
	}
	_, err = c.SendMessage(ctx, &sqs.SendMessageInput{QueueUrl: &queue})
	return err
}

// Stock is kept in DynamoDB with optimistic writes.
type Stock struct {
	db    *dynamodb.Client
	table string
}

// Reserve retries only when its conditional write lost a race, an
// answer the SDK never retries: one layer of retries.
func (s *Stock) Reserve(ctx context.Context, sku string) error { // want Reserve:`retries\(attempts=0\)`
	for attempt := 0; attempt < 5; attempt++ {
		_, err := s.db.PutItem(ctx, &dynamodb.PutItemInput{TableName: &s.table, Item: map[string]types.AttributeValue{"sku": &types.AttributeValueMemberS{Value: sku}}})
		if err == nil {
			return nil
		}
		var lost *types.ConditionalCheckFailedException
		if !errors.As(err, &lost) {
			return err
		}
	}
	return errors.New("reserve: too much contention")
}

// Restock retries throttling, which the SDK retries too.
func (s *Stock) Restock(ctx context.Context, sku string) error { // want Restock:`retries\(attempts=0\)`
	for attempt := 0; attempt < 5; attempt++ {
		_, err := s.db.PutItem(ctx, &dynamodb.PutItemInput{TableName: &s.table}) // want `retry inside a retry: every outer attempt runs the inner retry again, so the attempts multiply`
		var busy *types.ProvisionedThroughputExceededException
		if !errors.As(err, &busy) {
			return err
		}
		time.Sleep(time.Second)
	}
	return errThrottled
}
