// Package retry is a stub of go-grpc-middleware v2.3.4's
// interceptors/retry: retrying client interceptors, off by default.
package retry

import (
	"context"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
)

type CallOption struct {
	grpc.CallOption
	applyFunc func(opt *options)
}

type options struct{ max uint }

type BackoffFunc func(ctx context.Context, attempt uint) time.Duration

type RetriableFunc func(err error) bool

var DefaultRetriableCodes = []codes.Code{codes.ResourceExhausted, codes.Unavailable}

func UnaryClientInterceptor(optFuncs ...CallOption) grpc.UnaryClientInterceptor   { return nil }
func StreamClientInterceptor(optFuncs ...CallOption) grpc.StreamClientInterceptor { return nil }

func Disable() CallOption                                  { return WithMax(0) }
func WithMax(maxRetries uint) CallOption                   { return CallOption{} }
func WithBackoff(bf BackoffFunc) CallOption                { return CallOption{} }
func WithCodes(retryCodes ...codes.Code) CallOption        { return CallOption{} }
func WithPerRetryTimeout(timeout time.Duration) CallOption { return CallOption{} }
func WithRetriable(retriableFunc RetriableFunc) CallOption { return CallOption{} }

func BackoffLinear(waitBetween time.Duration) BackoffFunc { return nil }
func BackoffLinearWithJitter(waitBetween time.Duration, jitterFraction float64) BackoffFunc {
	return nil
}
func BackoffExponential(scalar time.Duration) BackoffFunc { return nil }
func BackoffExponentialWithJitter(scalar time.Duration, jitterFraction float64) BackoffFunc {
	return nil
}
func BackoffExponentialWithJitterBounded(scalar time.Duration, jitterFrac float64, maxBound time.Duration) BackoffFunc {
	return nil
}
