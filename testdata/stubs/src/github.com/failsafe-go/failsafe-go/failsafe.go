// Package failsafe is a stub of github.com/failsafe-go/failsafe-go v0.9.8.
package failsafe

import (
	"context"
	"time"
)

type Policy[R any] interface {
	ToExecutor(typeToken R) any
}

type ExecutionAttempt[R any] interface {
	LastResult() R
	LastError() error
	Attempts() int
	Retries() int
}

type Execution[R any] interface {
	ExecutionAttempt[R]
	Context() context.Context
}

type ExecutionEvent[R any] struct{ ExecutionAttempt[R] }

type ExecutionDoneEvent[R any] struct {
	Result R
	Error  error
}

type ExecutionResult[R any] interface {
	Get() (R, error)
}

type DelayFunc[R any] func(exec ExecutionAttempt[R]) time.Duration

type FailurePolicyBuilder[S any, R any] interface {
	HandleErrors(errs ...error) S
	HandleErrorTypes(errs ...any) S
	HandleResult(result R) S
	HandleIf(predicate func(R, error) bool) S
	OnSuccess(listener func(ExecutionEvent[R])) S
	OnFailure(listener func(ExecutionEvent[R])) S
}

type DelayablePolicyBuilder[S any, R any] interface {
	WithDelay(delay time.Duration) S
	WithDelayFunc(delayFunc DelayFunc[R]) S
}

type Executor[R any] interface {
	Compose(innerPolicy Policy[R]) Executor[R]
	Context() context.Context
	WithContext(ctx context.Context) Executor[R]
	OnDone(listener func(ExecutionDoneEvent[R])) Executor[R]
	Run(fn func() error) error
	RunWithExecution(fn func(exec Execution[R]) error) error
	Get(fn func() (R, error)) (R, error)
	GetWithExecution(fn func(exec Execution[R]) (R, error)) (R, error)
	RunAsync(fn func() error) ExecutionResult[R]
	GetAsync(fn func() (R, error)) ExecutionResult[R]
}

func With[R any](policies ...Policy[R]) Executor[R] { return nil }
