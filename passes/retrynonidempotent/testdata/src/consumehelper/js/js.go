// Package js wraps a JetStream pull subscription: every handler of the
// program runs through Consumer, which naks a batch its handler failed on.
package js

import (
	"context"

	"github.com/nats-io/nats.go"
)

// Consumer fetches batches and hands them to f: acked when f says true,
// redelivered when it says false.
func Consumer(ctx context.Context, js nats.JetStreamContext, subj, durable string, f func(ctx context.Context, msgs []*nats.Msg) bool) error {
	sub, err := js.PullSubscribe(subj, durable)
	if err != nil {
		return err
	}
	go func() {
		for ctx.Err() == nil {
			msgs, err := sub.Fetch(1)
			if err != nil {
				continue
			}
			if f(ctx, msgs) {
				for _, m := range msgs {
					_ = m.AckSync()
				}
			} else {
				for _, m := range msgs {
					_ = m.Nak()
				}
			}
		}
	}()
	return nil
}

// Drain hands f what a channel of the program carries: no broker
// delivers it again.
func Drain(ctx context.Context, in <-chan []byte, f func(context.Context, []byte) bool) {
	for b := range in {
		f(ctx, b)
	}
}
