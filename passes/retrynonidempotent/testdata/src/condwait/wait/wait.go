// Package wait is a program's own copy of Kubernetes' wait.ExponentialBackoff:
// it polls a condition, with growing waits, until the condition is done
// or fails.
package wait

import (
	"errors"
	"time"
)

var ErrWaitTimeout = errors.New("timed out waiting for the condition")

type ConditionFunc func() (done bool, err error)

type Backoff struct {
	Duration time.Duration
	Factor   float64
	Steps    int
}

func (b *Backoff) Step() time.Duration {
	b.Steps--
	d := b.Duration
	b.Duration = time.Duration(float64(b.Duration) * b.Factor)
	return d
}

// ExponentialBackoff calls condition until it is done or fails.
func ExponentialBackoff(backoff Backoff, condition ConditionFunc) error {
	for backoff.Steps > 0 {
		if ok, err := condition(); err != nil || ok {
			return err
		}
		if backoff.Steps == 1 {
			break
		}
		time.Sleep(backoff.Step())
	}
	return ErrWaitTimeout
}
