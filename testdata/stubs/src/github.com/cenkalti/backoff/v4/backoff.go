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

type Operation func() error
type OperationWithData[T any] func() (T, error)
type Notify func(error, time.Duration)

func Retry(o Operation, b BackOff) error                                { return nil }
func RetryWithData[T any](o OperationWithData[T], b BackOff) (T, error) { var z T; return z, nil }
func RetryNotify(o Operation, b BackOff, n Notify) error                { return nil }
func RetryNotifyWithData[T any](o OperationWithData[T], b BackOff, n Notify) (T, error) {
	var z T
	return z, nil
}
func Permanent(err error) error { return err }

type ZeroBackOff struct{}

func (b *ZeroBackOff) Reset()                     {}
func (b *ZeroBackOff) NextBackOff() time.Duration { return 0 }

type StopBackOff struct{}

func (b *StopBackOff) Reset()                     {}
func (b *StopBackOff) NextBackOff() time.Duration { return Stop }

type ConstantBackOff struct{ Interval time.Duration }

func (b *ConstantBackOff) Reset()                         {}
func (b *ConstantBackOff) NextBackOff() time.Duration     { return b.Interval }
func NewConstantBackOff(d time.Duration) *ConstantBackOff { return &ConstantBackOff{Interval: d} }

type Clock interface{ Now() time.Time }

type ExponentialBackOff struct {
	InitialInterval     time.Duration
	RandomizationFactor float64
	Multiplier          float64
	MaxInterval         time.Duration
	MaxElapsedTime      time.Duration
	Stop                time.Duration
	Clock               Clock
}

type ExponentialBackOffOpts func(*ExponentialBackOff)

func NewExponentialBackOff(opts ...ExponentialBackOffOpts) *ExponentialBackOff {
	return &ExponentialBackOff{}
}
func (b *ExponentialBackOff) Reset()                     {}
func (b *ExponentialBackOff) NextBackOff() time.Duration { return 0 }

func WithInitialInterval(d time.Duration) ExponentialBackOffOpts { return nil }
func WithRandomizationFactor(f float64) ExponentialBackOffOpts   { return nil }
func WithMultiplier(f float64) ExponentialBackOffOpts            { return nil }
func WithMaxInterval(d time.Duration) ExponentialBackOffOpts     { return nil }
func WithMaxElapsedTime(d time.Duration) ExponentialBackOffOpts  { return nil }

func WithMaxRetries(b BackOff, max uint64) BackOff { return b }

type BackOffContext interface {
	BackOff
	Context() context.Context
}

func WithContext(b BackOff, ctx context.Context) BackOffContext { return nil }
