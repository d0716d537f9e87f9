// want package:`waits consumer.Run consumer.RunJittered consumer.receiveJittered consumer.receiveWithRetry`

// Package heldcounter retries a subscription's receive with a backoff
// whose failure count the caller keeps (found on a blind-labelled
// repository: a consumer that hands its counter down as &n).
package heldcounter

import (
	"context"
	"log"
	"math/rand/v2"
	"time"
)

type Sub interface {
	Receive(ctx context.Context) (string, error)
}

type consumer struct {
	sub     Sub
	initial time.Duration
	max     time.Duration
	maxErrs int
}

func (c *consumer) Run(ctx context.Context, handle func(string)) {
	n := 0
	for {
		msg, err := c.receiveWithRetry(ctx, &n)
		if err != nil {
			return
		}
		handle(msg)
	}
}

// The receive is retried: a successful one leaves, only a failed one goes
// round. The delay grows with *n, which counts the failures.
func (c *consumer) receiveWithRetry(ctx context.Context, n *int) (string, error) {
	for {
		msg, err := c.sub.Receive(ctx)
		if err == nil {
			*n = 0
			return msg, nil
		}
		*n++
		if *n >= c.maxErrs {
			return "", err
		}
		backoff := c.initial * time.Duration(1<<(*n-1))
		if backoff > c.max {
			backoff = c.max
		}
		select {
		case <-time.After(backoff): // want `retry delay has no jitter`
		case <-ctx.Done():
			return "", ctx.Err()
		}
	}
}

func (c *consumer) RunJittered(ctx context.Context, handle func(string)) {
	n := 0
	for {
		msg, err := c.receiveJittered(ctx, &n)
		if err != nil {
			return
		}
		handle(msg)
	}
}

// Not reported: the same retry with a jittered delay.
func (c *consumer) receiveJittered(ctx context.Context, n *int) (string, error) {
	for {
		msg, err := c.sub.Receive(ctx)
		if err == nil {
			*n = 0
			return msg, nil
		}
		*n++
		if *n >= c.maxErrs {
			return "", err
		}
		backoff := min(c.initial*time.Duration(1<<(*n-1)), c.max)
		select {
		case <-time.After(backoff/2 + rand.N(backoff/2)):
		case <-ctx.Done():
			return "", ctx.Err()
		}
	}
}

// Not reported: a consumer, not a hot retry loop. A successful receive
// goes round for the next message; a failed one is logged and skipped.
func (c *consumer) Consume(ctx context.Context, handle func(string)) {
	for {
		m, err := c.sub.Receive(ctx)
		if err != nil {
			log.Printf("receive: %v", err)
			continue
		}
		handle(m)
	}
}
