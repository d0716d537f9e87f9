// Package awsbackoff configures the AWS SDK's standard retryer with
// backoff strategies of its own.
package awsbackoff

import (
	"context"
	"math/rand/v2"
	"time"

	"awsbackoffdep"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/aws/retry"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
)

// steady waits the same delay before every retry.
type steady struct{ every time.Duration }

func (s steady) BackoffDelay(int, error) (time.Duration, error) { // want BackoffDelay:`delay\(random=false capped=false grows=false\)`
	return s.every, nil
}

func newSteady() steady { return steady{every: 2 * time.Second} }

func LoadSteady(ctx context.Context) (aws.Config, error) {
	return config.LoadDefaultConfig(ctx, config.WithRetryer(func() aws.Retryer {
		return retry.NewStandard(func(o *retry.StandardOptions) {
			o.MaxAttempts = 5
			o.Backoff = newSteady() // want `the AWS SDK retryer's Backoff steady.BackoffDelay has no jitter, so clients that failed together retry together; add a random part, e.g. d/2 \+ rand.N\(d/2\), or leave Backoff unset \(the SDK's default backoff is jittered and capped at 20 s\)`
		})
	}))
}

func NewDoubling(cfg aws.Config) *sqs.Client {
	return sqs.NewFromConfig(cfg, func(o *sqs.Options) {
		o.Retryer = retry.NewStandard(func(so *retry.StandardOptions) {
			so.Backoff = retry.BackoffDelayerFunc(func(attempt int, err error) (time.Duration, error) { // want `the AWS SDK retryer's Backoff function literal grows without a cap and has no jitter; limit it with min\(d, maxDelay\) and add a random part`
				return time.Duration(1<<attempt) * 100 * time.Millisecond, nil
			})
		})
	})
}

func NewShared(cfg aws.Config) *sqs.Client {
	return sqs.NewFromConfig(cfg, func(o *sqs.Options) {
		o.Retryer = retry.NewStandard(func(so *retry.StandardOptions) {
			so.Backoff = awsbackoffdep.Doubling{Base: 100 * time.Millisecond, Max: 10 * time.Second} // want `Backoff Doubling.BackoffDelay has no jitter`
		})
	})
}

// Look-alikes: jittered strategies of the program, the library's own
// jittered backoff, the default.

func jittered(attempt int, err error) (time.Duration, error) { // want jittered:`delay\(random=true capped=false grows=false\)`
	d := min(50*time.Millisecond<<attempt, 20*time.Second)
	return rand.N(d), nil
}

func NewJittered(cfg aws.Config) *sqs.Client {
	return sqs.NewFromConfig(cfg, func(o *sqs.Options) {
		o.Retryer = retry.NewStandard(func(so *retry.StandardOptions) {
			so.Backoff = retry.BackoffDelayerFunc(jittered)
		})
	})
}

func NewSpread(cfg aws.Config) *sqs.Client {
	return sqs.NewFromConfig(cfg, func(o *sqs.Options) {
		o.Retryer = retry.NewStandard(func(so *retry.StandardOptions) {
			so.Backoff = &awsbackoffdep.Spread{Base: 100 * time.Millisecond, Max: 10 * time.Second}
		})
	})
}

func NewLibraryBackoff(cfg aws.Config) *sqs.Client {
	return sqs.NewFromConfig(cfg, func(o *sqs.Options) {
		o.Retryer = retry.NewStandard(func(so *retry.StandardOptions) {
			so.Backoff = retry.NewExponentialJitterBackoff(5 * time.Second)
		})
	})
}

func NewJitteredLiteral(cfg aws.Config) *sqs.Client {
	return sqs.NewFromConfig(cfg, func(o *sqs.Options) {
		o.Retryer = retry.NewStandard(func(so *retry.StandardOptions) {
			so.Backoff = retry.BackoffDelayerFunc(func(attempt int, err error) (time.Duration, error) {
				d := min(time.Duration(1<<attempt)*200*time.Millisecond, 5*time.Second)
				return d/2 + rand.N(d/2), nil
			})
		})
	})
}

func NewDefault(cfg aws.Config) *sqs.Client {
	return sqs.NewFromConfig(cfg, func(o *sqs.Options) {
		o.Retryer = retry.NewStandard(func(so *retry.StandardOptions) {
			so.MaxBackoff = 5 * time.Second
		})
	})
}
