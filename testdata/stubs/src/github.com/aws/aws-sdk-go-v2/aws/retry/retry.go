// Package retry is a stub of github.com/aws/aws-sdk-go-v2/aws/retry v1.48.0.
package retry

import (
	"context"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
)

const (
	DefaultMaxAttempts int           = 3
	DefaultMaxBackoff  time.Duration = 20 * time.Second
)

type BackoffDelayer interface {
	BackoffDelay(attempt int, err error) (time.Duration, error)
}

type BackoffDelayerFunc func(int, error) (time.Duration, error)

func (fn BackoffDelayerFunc) BackoffDelay(attempt int, err error) (time.Duration, error) {
	return fn(attempt, err)
}

type IsErrorRetryable interface {
	IsErrorRetryable(error) aws.Ternary
}

type StandardOptions struct {
	MaxAttempts int
	MaxBackoff  time.Duration
	Backoff     BackoffDelayer
	Retryables  []IsErrorRetryable
}

type Standard struct{ options StandardOptions }

func NewStandard(fnOpts ...func(*StandardOptions)) *Standard {
	o := StandardOptions{MaxAttempts: DefaultMaxAttempts, MaxBackoff: DefaultMaxBackoff}
	for _, fn := range fnOpts {
		fn(&o)
	}
	return &Standard{options: o}
}

func (s *Standard) IsErrorRetryable(error) bool { return true }
func (s *Standard) MaxAttempts() int            { return s.options.MaxAttempts }
func (s *Standard) RetryDelay(attempt int, err error) (time.Duration, error) {
	return 0, nil
}
func (s *Standard) GetRetryToken(context.Context, error) (func(error) error, error) {
	return nil, nil
}
func (s *Standard) GetInitialToken() func(error) error { return nil }
func (s *Standard) GetAttemptToken(context.Context) (func(error) error, error) {
	return nil, nil
}

type AdaptiveModeOptions struct {
	StandardOptions []func(*StandardOptions)
}

type AdaptiveMode struct{ *Standard }

func NewAdaptiveMode(optFns ...func(*AdaptiveModeOptions)) *AdaptiveMode {
	return &AdaptiveMode{NewStandard()}
}

type ExponentialJitterBackoff struct{ maxBackoff time.Duration }

func NewExponentialJitterBackoff(maxBackoff time.Duration) *ExponentialJitterBackoff {
	return &ExponentialJitterBackoff{maxBackoff}
}

func (j *ExponentialJitterBackoff) BackoffDelay(attempt int, err error) (time.Duration, error) {
	return 0, nil
}

func AddWithMaxAttempts(r aws.Retryer, max int) aws.Retryer             { return r }
func AddWithMaxBackoffDelay(r aws.Retryer, d time.Duration) aws.Retryer { return r }
func AddWithErrorCodes(r aws.Retryer, codes ...string) aws.Retryer      { return r }
