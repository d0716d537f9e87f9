// Package awsfixed configures the AWS SDK's standard retryer with delays
// read from configuration, inside the option literals the SDK calls
// later (a Retryer field, NewStandard's variadic options).
package awsfixed

import (
	"math/rand/v2"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/aws/retry"
)

type Settings struct {
	MaxRetries    *int32
	RetryInterval *string
}

// fixedDelayer waits the configured delay before every retry.
type fixedDelayer struct {
	delay time.Duration
}

func (f fixedDelayer) BackoffDelay(int, error) (time.Duration, error) { // want BackoffDelay:`delay\(random=false capped=false grows=false\)`
	return f.delay, nil
}

func Configure(cfg *aws.Config, s *Settings) error {
	var retryAmount int
	var retryDuration time.Duration
	var err error
	if s.MaxRetries != nil {
		retryAmount = int(*s.MaxRetries)
	} else {
		retryAmount = 3
	}
	if s.RetryInterval != nil {
		retryDuration, err = time.ParseDuration(*s.RetryInterval)
	}
	if err != nil {
		return err
	}
	cfg.Retryer = func() aws.Retryer {
		return retry.AddWithMaxAttempts(
			retry.NewStandard(func(o *retry.StandardOptions) {
				if retryDuration > 0 {
					o.Backoff = fixedDelayer{delay: retryDuration} // want `the AWS SDK retryer's Backoff fixedDelayer.BackoffDelay has no jitter`
				}
			}),
			retryAmount,
		)
	}
	return nil
}

// Look-alike: the configured delay is the middle of a random spread.

type spreadDelayer struct {
	delay time.Duration
}

func (f spreadDelayer) BackoffDelay(int, error) (time.Duration, error) { // want BackoffDelay:`delay\(random=true capped=false grows=false\)`
	return f.delay/2 + rand.N(f.delay/2+1), nil
}

func ConfigureSpread(cfg *aws.Config, s *Settings) error {
	var retryDuration time.Duration
	var err error
	if s.RetryInterval != nil {
		retryDuration, err = time.ParseDuration(*s.RetryInterval)
	}
	if err != nil {
		return err
	}
	cfg.Retryer = func() aws.Retryer {
		return retry.NewStandard(func(o *retry.StandardOptions) {
			if retryDuration > 0 {
				o.Backoff = spreadDelayer{delay: retryDuration}
			}
		})
	}
	return nil
}
