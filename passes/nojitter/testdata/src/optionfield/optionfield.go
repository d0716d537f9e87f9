// want package:`waits Consumer.Receive Consumer.ReceiveSpread`

// Package optionfield keeps its retry delays in fields that option
// constructors set (func WithInitialBackoff(d) Option { return func(o) {
// o.initialBackoff = d } }). What such an option stores is the value its
// caller gave, fixed for the client's life: a delay computed from it with
// no random part has no jitter, whatever the callers pass, unless a
// caller in the package passes a jittered one.
package optionfield

import (
	"context"
	"errors"
	"math/rand/v2"
	"time"
)

type opts struct {
	initialBackoff time.Duration
	spread         time.Duration
}

type Option func(*opts)

func WithInitialBackoff(d time.Duration) Option {
	return func(o *opts) { o.initialBackoff = d }
}

func WithSpread(d time.Duration) Option {
	return func(o *opts) { o.spread = d }
}

type Sub interface {
	Receive(ctx context.Context) (string, error)
}

type Consumer struct {
	opts
	sub Sub
}

func New(sub Sub, options ...Option) *Consumer {
	o := opts{initialBackoff: 100 * time.Millisecond, spread: time.Second}
	for _, f := range options {
		f(&o)
	}
	return &Consumer{opts: o, sub: sub}
}

// NewSpread gives each client a spread of its own.
func NewSpread(sub Sub) *Consumer {
	return New(sub, WithSpread(time.Second+rand.N(time.Second)))
}

// Receive doubles the configured backoff, capped, with no random part.
func (c *Consumer) Receive(ctx context.Context) (string, error) {
	for n := 1; n <= 5; n++ {
		m, err := c.sub.Receive(ctx)
		if err == nil {
			return m, nil
		}
		backoff := min(c.initialBackoff*time.Duration(1<<(n-1)), time.Minute)
		select {
		case <-time.After(backoff): // want `retry delay has no jitter`
		case <-ctx.Done():
			return "", ctx.Err()
		}
	}
	return "", errors.New("too many failures")
}

// ReceiveSpread waits the spread a caller in the package jitters.
func (c *Consumer) ReceiveSpread(ctx context.Context) (string, error) {
	for n := 1; n <= 5; n++ {
		m, err := c.sub.Receive(ctx)
		if err == nil {
			return m, nil
		}
		select {
		case <-time.After(c.spread):
		case <-ctx.Done():
			return "", ctx.Err()
		}
	}
	return "", errors.New("too many failures")
}
