// Package ampcallback retries, inside an outer retry, in a function
// literal the outer attempt hands to another call. Handed to a listener
// behind an interface, the literal runs once per event, not once per
// attempt: the attempts do not multiply. Handed to a function the package
// can see, that calls it once, they do.
package ampcallback

import (
	"context"
	"errors"
	"math/rand"
	"syscall"
	"time"
)

// Server listens for events and hands each one to handle. Two types
// implement it, so a call of Listen could run either.
type Server interface {
	Listen(ctx context.Context, handle func(data []byte) error) error
}

type queueServer struct{}

func (queueServer) Listen(ctx context.Context, handle func(data []byte) error) error {
	<-ctx.Done()
	return ctx.Err()
}

type hookServer struct{}

func (hookServer) Listen(ctx context.Context, handle func(data []byte) error) error {
	return errors.New("closed")
}

// doWithRetry calls f until it succeeds, five times at most.
func doWithRetry(f func() error) error { // want doWithRetry:`retries\(attempts=5\)`
	var err error
	for i := 0; i < 5; i++ {
		if err = f(); err == nil {
			return nil
		}
		time.Sleep(time.Duration(rand.Intn(1000)) * time.Millisecond)
	}
	return err
}

func publish(ctx context.Context, data []byte) error { return nil }

// Start restarts listening when it fails; each event's publication is
// retried on its own. A failed listen does not publish anything again.
func Start(ctx context.Context, s Server) error { // want Start:`retries\(attempts=5\)`
	return doWithRetry(func() error {
		return s.Listen(ctx, func(data []byte) error {
			return doWithRetry(func() error { return publish(ctx, data) })
		})
	})
}

// StartWith does the same through a handler given as a function value.
func StartWith(ctx context.Context, listen func(func([]byte) error) error) error { // want StartWith:`retries\(attempts=5\)`
	return doWithRetry(func() error {
		return listen(func(data []byte) error {
			return doWithRetry(func() error { return publish(ctx, data) })
		})
	})
}

// inTx runs f once, in a transaction.
func inTx(ctx context.Context, f func() error) error {
	return f()
}

// Transfer retries a transaction whose body retries: every outer attempt
// runs the inner retry again.
func Transfer(ctx context.Context, data []byte) error { // want Transfer:`retries\(attempts=5\)`
	return doWithRetry(func() error {
		return inTx(ctx, func() error {
			return doWithRetry(func() error { return publish(ctx, data) }) // want `retry inside a retry: every outer attempt runs the inner retry again, so the attempts multiply`
		})
	})
}

// runProgram starts a program again while its file is busy being written
// (ETXTBSY): the program never ran, nothing was asked of anyone. Its other
// failures return: only the test that goes round says what is retried.
func runProgram(ctx context.Context, start func() error) error {
	for attempts := 1; ; attempts++ {
		err := start()
		if attempts <= 100 && errors.Is(err, syscall.ETXTBSY) {
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(100 * time.Millisecond):
				continue
			}
		}
		if err != nil {
			return errors.Join(errors.New("run"), err)
		}
		return nil
	}
}

// Fetch retries a fetch that starts a program: the inner loop repeats
// only starts that never ran, which multiplies nothing.
func Fetch(ctx context.Context, start func() error) error { // want Fetch:`retries\(attempts=5\)`
	return doWithRetry(func() error {
		return runProgram(ctx, start)
	})
}
