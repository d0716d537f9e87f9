// Package redeliverapp registers handlers declared in another package.
package redeliverapp

import (
	"context"

	"cloud.google.com/go/pubsub/v2"
	"github.com/ThreeDotsLabs/watermill/message"
	"go.temporal.io/sdk/worker"

	"redeliver"
)

func Run(w worker.Worker, r *message.Router, sub message.Subscriber) {
	w.RegisterActivity(redeliver.Refund) // want `redelivered handler Temporal attempts=0 op=Refund`
	// redeliver executes these itself, with its retry policies: Reserve
	// is reported there, Release runs once.
	w.RegisterActivity(&redeliver.Activities{})
	r.AddConsumerHandler("log", "logs", sub, redeliver.LogMessage) // want `redelivered handler watermill attempts=0 op=LogMessage`
	_ = work
}

// A method that acknowledges its message is a site in its own package
// (redeliver's signups.handle); one that does not is one here.
func Receive(ctx context.Context, sub *pubsub.Subscriber, s redeliver.Signups) error {
	if err := sub.Receive(ctx, s.Forward); err != nil { // want `redelivered handler Pub/Sub attempts=0 op=Forward`
		return err
	}
	return sub.Receive(ctx, s.Handle)
}

func work(ctx context.Context) error { return nil }
