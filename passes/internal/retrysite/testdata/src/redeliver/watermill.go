package redeliver

import (
	"context"

	"github.com/ThreeDotsLabs/watermill/message"
)

type orderHandlers struct{}

func (h *orderHandlers) onPaid(msg *message.Message) error { // want `redelivered handler watermill attempts=0`
	return work(msg.Context()) // want `runs again`
}

func routes(r *message.Router, sub message.Subscriber, pub message.Publisher) {
	h := &orderHandlers{}
	r.AddConsumerHandler("paid", "orders.paid", sub, h.onPaid)
	r.AddHandler("enrich", "orders.new", sub, "orders.enriched", pub, func(msg *message.Message) ([]*message.Message, error) { // want `redelivered handler watermill attempts=0`
		return nil, work(msg.Context()) // want `runs again`
	})
}

// Registered in another package (redeliverapp), not here.
func LogMessage(msg *message.Message) error {
	return work(context.Background())
}
