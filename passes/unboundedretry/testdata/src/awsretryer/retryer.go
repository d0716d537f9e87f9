// Package awsretryer builds AWS SDK clients with retryers of its own.
package awsretryer

import (
	"context"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	awsretry "github.com/aws/aws-sdk-go-v2/aws/retry"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
)

type Settings struct {
	MaxAttempts int
}

// LoadPatient retries every call until it succeeds.
func LoadPatient(ctx context.Context) (aws.Config, error) {
	return config.LoadDefaultConfig(ctx, config.WithRetryer(func() aws.Retryer {
		return awsretry.AddWithMaxAttempts(awsretry.NewStandard(), 0) // want `retry.AddWithMaxAttempts with a maximum of 0 or less retries every AWS SDK call until it succeeds; pass a limit, e.g. retry.DefaultMaxAttempts \(3\)`
	}))
}

const forever = -1

func NewQueue(cfg aws.Config) *sqs.Client {
	return sqs.NewFromConfig(cfg, func(o *sqs.Options) {
		o.Retryer = awsretry.AddWithMaxAttempts(o.Retryer, forever) // want `retries every AWS SDK call until it succeeds`
	})
}

// Look-alikes: a limit, the default, a NopRetryer (it retries nothing),
// a limit read from settings, a count of 0 in the configuration (unset).
func LoadBounded(ctx context.Context, s Settings) (aws.Config, error) {
	return config.LoadDefaultConfig(ctx,
		config.WithRetryMaxAttempts(0),
		config.WithRetryer(func() aws.Retryer {
			r := awsretry.AddWithMaxAttempts(awsretry.NewStandard(func(o *awsretry.StandardOptions) {
				o.MaxAttempts = 0 // NewStandard's default: 3
				o.MaxBackoff = 5 * time.Second
			}), 5)
			r = awsretry.AddWithMaxAttempts(r, s.MaxAttempts)
			return awsretry.AddWithMaxBackoffDelay(r, 10*time.Second)
		}))
}

func NewQuietQueue(cfg aws.Config) *sqs.Client {
	return sqs.NewFromConfig(cfg, func(o *sqs.Options) {
		o.Retryer = awsretry.AddWithMaxAttempts(aws.NopRetryer{}, 0)
	})
}
