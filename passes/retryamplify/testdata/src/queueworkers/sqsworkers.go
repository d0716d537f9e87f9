package queueworkers

import (
	"context"
	"log"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/aws/retry"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"

	"queuekit"
)

// SQSPool receives in one loop and hands each message to a method that
// deletes it once handled.
type SQSPool struct {
	sqs    *sqs.Client
	out    *sqs.Client // publishes with a retryer of the program's
	queue  *string
	ledger *queuekit.Ledger
}

func NewSQSPool(cfg aws.Config, queue string, ledger *queuekit.Ledger) *SQSPool {
	return &SQSPool{
		sqs: sqs.NewFromConfig(cfg),
		out: sqs.NewFromConfig(cfg, func(o *sqs.Options) {
			o.Retryer = retry.AddWithMaxAttempts(retry.NewStandard(), 5)
		}),
		queue:  &queue,
		ledger: ledger,
	}
}

func (p *SQSPool) Run(ctx context.Context) error { // want Run:`retries\(attempts=5\)`
	for {
		out, err := p.sqs.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{QueueUrl: p.queue})
		if err != nil {
			return err
		}
		for _, m := range out.Messages {
			go p.post(ctx, m)
			go p.drop(ctx, m)
			go p.forward(ctx, m)
			go p.forwardRetried(ctx, m)
		}
	}
}

// post leaves a message whose post failed: SQS sends it again after the
// visibility timeout, and every delivery runs Post's three attempts again.
func (p *SQSPool) post(ctx context.Context, m types.Message) { // want post:`retries\(attempts=3\)`
	if err := p.ledger.Post(ctx, []byte(*m.Body)); err != nil { // want `retry inside an SQS consumer, which SQS retries with no limit by default`
		log.Printf("post %s: %v", *m.MessageId, err)
		return
	}
	p.delete(ctx, m)
}

// drop deletes a message whose post failed too: Post's retry is the only
// one.
func (p *SQSPool) drop(ctx context.Context, m types.Message) { // want drop:`retries\(attempts=3\)`
	if err := p.ledger.Post(ctx, []byte(*m.Body)); err != nil {
		log.Printf("dropping %s: %v", *m.MessageId, err)
	}
	p.delete(ctx, m)
}

// forward publishes through a client on the SDK's default retryer: that
// retry is the SDK's own, not one the program wrote.
func (p *SQSPool) forward(ctx context.Context, m types.Message) { // want forward:`retries\(attempts=0\) library default`
	if _, err := p.sqs.SendMessage(ctx, &sqs.SendMessageInput{QueueUrl: p.queue, MessageBody: m.Body}); err != nil {
		return
	}
	p.delete(ctx, m)
}

// forwardRetried publishes through a client configured to retry.
func (p *SQSPool) forwardRetried(ctx context.Context, m types.Message) { // want forwardRetried:`retries\(attempts=5\)`
	if _, err := p.out.SendMessage(ctx, &sqs.SendMessageInput{QueueUrl: p.queue, MessageBody: m.Body}); err != nil { // want `retry inside an SQS consumer`
		return
	}
	p.delete(ctx, m)
}

func (p *SQSPool) delete(ctx context.Context, m types.Message) { // want delete:`retries\(attempts=0\) library default`
	_, _ = p.sqs.DeleteMessage(ctx, &sqs.DeleteMessageInput{QueueUrl: p.queue, ReceiptHandle: m.ReceiptHandle})
}
