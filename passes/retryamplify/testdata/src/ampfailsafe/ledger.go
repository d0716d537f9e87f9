// Package ampfailsafe is a ledger client whose calls retry through
// failsafe-go, wrapped again by callers that retry.
package ampfailsafe

import (
	"context"
	"time"

	"github.com/failsafe-go/failsafe-go"
	"github.com/failsafe-go/failsafe-go/circuitbreaker"
	"github.com/failsafe-go/failsafe-go/retrypolicy"
)

type Ledger struct{}

func (l *Ledger) post(ctx context.Context) error { return nil }

// Append retries the post with the policy's defaults: 3 attempts.
func (l *Ledger) Append(ctx context.Context) error { // want Append:`retries\(attempts=3\)`
	rp := retrypolicy.NewBuilder[any]().WithBackoff(time.Second, time.Minute).WithJitterFactor(0.2).Build()
	return failsafe.With[any](rp).WithContext(ctx).Run(func() error { return l.post(ctx) })
}

// Sync retries Append, which retries already.
func (l *Ledger) Sync(ctx context.Context) error { // want Sync:`retries\(attempts=15\)`
	rp := retrypolicy.NewBuilder[any]().WithMaxRetries(4).WithBackoff(time.Second, time.Minute).WithJitterFactor(0.2).Build()
	return failsafe.With[any](rp).Run(func() error {
		return l.Append(ctx) // want `retry inside a retry: every outer attempt runs the inner retry again, so 5 x 3 = 15 calls`
	})
}

// Reconcile retries the post itself, inside a loop that retries.
func (l *Ledger) Reconcile(ctx context.Context) error { // want Reconcile:`retries\(attempts=6\)`
	rp := retrypolicy.NewBuilder[any]().WithMaxAttempts(2).WithDelay(time.Second).WithJitter(time.Second).Build()
	var err error
	for i := 0; i < 3; i++ {
		err = failsafe.With[any](rp).Run(func() error { return l.post(ctx) }) // want `retry inside a retry: every outer attempt runs the inner retry again, so 3 x 2 = 6 calls`
		if err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Guarded runs the post through a circuit breaker only: not a retry, so
// the loop around it is the only retry.
func (l *Ledger) Guarded(ctx context.Context) error { // want Guarded:`retries\(attempts=3\)`
	cb := circuitbreaker.NewWithDefaults[any]()
	var err error
	for i := 0; i < 3; i++ {
		if err = failsafe.With[any](cb).Run(func() error { return l.post(ctx) }); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
