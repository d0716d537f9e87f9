// Package aws is a stub of github.com/aws/aws-sdk-go-v2/aws v1.48.0.
package aws

import (
	"context"
	"net/http"
	"time"
)

type HTTPClient interface {
	Do(*http.Request) (*http.Response, error)
}

type RetryMode string

const (
	RetryModeStandard RetryMode = "standard"
	RetryModeAdaptive RetryMode = "adaptive"
)

type Retryer interface {
	IsErrorRetryable(error) bool
	MaxAttempts() int
	RetryDelay(attempt int, opErr error) (time.Duration, error)
	GetRetryToken(ctx context.Context, opErr error) (releaseToken func(error) error, err error)
	GetInitialToken() (releaseToken func(error) error)
}

type RetryerV2 interface {
	Retryer
	GetAttemptToken(context.Context) (func(error) error, error)
}

type NopRetryer struct{}

func (NopRetryer) IsErrorRetryable(error) bool { return false }
func (NopRetryer) MaxAttempts() int            { return 1 }
func (NopRetryer) RetryDelay(int, error) (time.Duration, error) {
	return 0, nil
}
func (NopRetryer) GetRetryToken(context.Context, error) (func(error) error, error) {
	return nil, nil
}
func (NopRetryer) GetInitialToken() func(error) error { return nil }
func (NopRetryer) GetAttemptToken(context.Context) (func(error) error, error) {
	return nil, nil
}

type Config struct {
	Region           string
	HTTPClient       HTTPClient
	RetryMaxAttempts int
	RetryMode        RetryMode
	Retryer          func() Retryer
}

func String(v string) *string { return &v }

type Ternary int
