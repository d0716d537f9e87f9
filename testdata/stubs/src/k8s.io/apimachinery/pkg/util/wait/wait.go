package wait

import (
	"context"
	"time"
)

type Backoff struct {
	Duration time.Duration
	Factor   float64
	Jitter   float64
	Steps    int
	Cap      time.Duration
}

type ConditionFunc func() (done bool, err error)
type ConditionWithContextFunc func(context.Context) (done bool, err error)

func (b *Backoff) Step() time.Duration                                  { return 0 }
func Jitter(duration time.Duration, maxFactor float64) time.Duration    { return duration }
func ExponentialBackoff(backoff Backoff, condition ConditionFunc) error { return nil }
func ExponentialBackoffWithContext(ctx context.Context, backoff Backoff, condition ConditionWithContextFunc) error {
	return nil
}
func PollUntilContextTimeout(ctx context.Context, interval, timeout time.Duration, immediate bool, condition ConditionWithContextFunc) error {
	return nil
}
func PollUntilContextCancel(ctx context.Context, interval time.Duration, immediate bool, condition ConditionWithContextFunc) error {
	return nil
}
func Forever(f func(), period time.Duration) {}
