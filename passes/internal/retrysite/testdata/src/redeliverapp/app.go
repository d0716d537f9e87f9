// Package redeliverapp registers handlers declared in another package.
package redeliverapp

import (
	"context"

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

func work(ctx context.Context) error { return nil }
