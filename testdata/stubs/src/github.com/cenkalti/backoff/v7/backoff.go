package backoff

import (
	"context"
	"time"
)

type BackOff interface {
	NextBackOff() time.Duration
	Reset()
}

const Stop time.Duration = -1

type Operation[T any] func() (T, error)
type Notify func(error, time.Duration)
type RetryOption func(*retryOptions)
type retryOptions struct{}

func Retry[T any](ctx context.Context, operation Operation[T], opts ...RetryOption) (T, error) {
	var z T
	return z, nil
}
func WithBackOff(b BackOff) RetryOption              { return nil }
func WithNotify(n Notify) RetryOption                { return nil }
func WithMaxTries(n uint) RetryOption                { return nil }
func WithMaxElapsedTime(d time.Duration) RetryOption { return nil }
func Permanent(err error) error                      { return err }

// RetryAfterError overrides the next delay; v7 takes a duration and the
// error that asked for it.
type RetryAfterError struct {
	Duration time.Duration
	err      error
}

func (e *RetryAfterError) Error() string { return "retry after " + e.Duration.String() }
func (e *RetryAfterError) Unwrap() error { return e.err }

func RetryAfter(d time.Duration, cause error) error { return &RetryAfterError{Duration: d, err: cause} }

type ZeroBackOff struct{}

func (b *ZeroBackOff) Reset()                     {}
func (b *ZeroBackOff) NextBackOff() time.Duration { return 0 }

type ConstantBackOff struct{ Interval time.Duration }

func (b *ConstantBackOff) Reset()                         {}
func (b *ConstantBackOff) NextBackOff() time.Duration     { return b.Interval }
func NewConstantBackOff(d time.Duration) *ConstantBackOff { return &ConstantBackOff{Interval: d} }

type ExponentialBackOff struct {
	InitialInterval     time.Duration
	RandomizationFactor float64
	Multiplier          float64
	MaxInterval         time.Duration
}

func NewExponentialBackOff() *ExponentialBackOff         { return &ExponentialBackOff{} }
func (b *ExponentialBackOff) Reset()                     {}
func (b *ExponentialBackOff) NextBackOff() time.Duration { return 0 }
