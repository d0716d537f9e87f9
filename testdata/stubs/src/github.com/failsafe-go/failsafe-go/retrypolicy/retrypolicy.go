// Package retrypolicy is a stub of github.com/failsafe-go/failsafe-go/retrypolicy v0.9.8.
package retrypolicy

import (
	"time"

	"github.com/failsafe-go/failsafe-go"
)

type RetryPolicy[R any] interface {
	failsafe.Policy[R]
}

type Builder[R any] interface {
	failsafe.FailurePolicyBuilder[Builder[R], R]
	failsafe.DelayablePolicyBuilder[Builder[R], R]
	AbortOnErrors(errs ...error) Builder[R]
	AbortIf(predicate func(R, error) bool) Builder[R]
	ReturnLastFailure() Builder[R]
	WithMaxAttempts(maxAttempts int) Builder[R]
	WithMaxRetries(maxRetries int) Builder[R]
	WithMaxDuration(maxDuration time.Duration) Builder[R]
	WithBackoff(delay time.Duration, maxDelay time.Duration) Builder[R]
	WithBackoffFactor(delay time.Duration, maxDelay time.Duration, delayFactor float64) Builder[R]
	WithRandomDelay(delayMin time.Duration, delayMax time.Duration) Builder[R]
	WithJitter(jitter time.Duration) Builder[R]
	WithJitterFactor(jitterFactor float64) Builder[R]
	OnRetry(listener func(failsafe.ExecutionEvent[R])) Builder[R]
	Build() RetryPolicy[R]
}

func NewWithDefaults[R any]() RetryPolicy[R] { return nil }

func NewBuilder[R any]() Builder[R] { return nil }
