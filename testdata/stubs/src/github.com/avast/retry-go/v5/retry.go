package retry

import (
	"context"
	"time"
)

type RetryableFunc func() error
type RetryableFuncWithData[T any] func() (T, error)
type RetryIfFunc func(error) bool
type OnRetryFunc func(attempt uint, err error)

type DelayContext interface {
	Delay() time.Duration
	MaxJitter() time.Duration
	MaxBackOffN() uint
	MaxDelay() time.Duration
}

type DelayTypeFunc func(n uint, err error, config DelayContext) time.Duration

type retrierCore struct{}

type Retrier struct{ *retrierCore }
type RetrierWithData[T any] struct{ *retrierCore }
type Option func(*retrierCore)

func New(opts ...Option) *Retrier                           { return &Retrier{} }
func NewWithData[T any](opts ...Option) *RetrierWithData[T] { return &RetrierWithData[T]{} }

func (r *Retrier) Do(retryableFunc RetryableFunc) error { return nil }
func (r *RetrierWithData[T]) Do(retryableFunc RetryableFuncWithData[T]) (T, error) {
	var z T
	return z, nil
}

func Attempts(attempts uint) Option            { return nil }
func UntilSucceeded() Option                   { return nil }
func Delay(delay time.Duration) Option         { return nil }
func MaxDelay(maxDelay time.Duration) Option   { return nil }
func MaxJitter(maxJitter time.Duration) Option { return nil }
func DelayType(delayType DelayTypeFunc) Option { return nil }
func Context(ctx context.Context) Option       { return nil }
func RetryIf(retryIf RetryIfFunc) Option       { return nil }
func OnRetry(onRetry OnRetryFunc) Option       { return nil }

func BackOffDelay(n uint, _ error, config DelayContext) time.Duration             { return 0 }
func FixedDelay(_ uint, _ error, config DelayContext) time.Duration               { return 0 }
func RandomDelay(_ uint, _ error, config DelayContext) time.Duration              { return 0 }
func FullJitterBackoffDelay(n uint, err error, config DelayContext) time.Duration { return 0 }
func CombineDelay(delays ...DelayTypeFunc) DelayTypeFunc                          { return nil }
func Unrecoverable(err error) error                                               { return err }
