// Package config is a stub of github.com/aws/aws-sdk-go-v2/config v1.32.33.
package config

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/aws"
)

type LoadOptions struct {
	Region           string
	RetryMaxAttempts int
	Retryer          func() aws.Retryer
}

type LoadOptionsFunc func(*LoadOptions) error

func LoadDefaultConfig(ctx context.Context, optFns ...func(*LoadOptions) error) (cfg aws.Config, err error) {
	return aws.Config{}, nil
}

func WithRegion(v string) LoadOptionsFunc              { return nil }
func WithRetryMaxAttempts(v int) LoadOptionsFunc       { return nil }
func WithRetryer(v func() aws.Retryer) LoadOptionsFunc { return nil }
func WithRetryMode(v aws.RetryMode) LoadOptionsFunc    { return nil }
