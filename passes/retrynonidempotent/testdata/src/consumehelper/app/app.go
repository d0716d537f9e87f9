// Package app hands its handlers to the program's consumer helper.
package app

import (
	"bytes"
	"context"
	"net/http"

	"consumehelper/js"

	"github.com/nats-io/nats.go"
)

type hooks struct {
	js     nats.JetStreamContext
	client *http.Client
	in     chan []byte
}

func (h *hooks) Start(ctx context.Context) error {
	h.startDrain(ctx)
	if err := js.Consumer(ctx, h.js, "orders", "hooks", h.onOrder); err != nil {
		return err
	}
	return js.Consumer(ctx, h.js, "refunds", "refunds", h.onRefund)
}

// onOrder POSTs each order: the helper naks a failure and NATS delivers
// it again.
func (h *hooks) onOrder(ctx context.Context, msgs []*nats.Msg) bool { // want onOrder:`sends unkeyed POST`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://hooks.example.com/orders", bytes.NewReader(msgs[0].Data))
	if err != nil {
		return true
	}
	resp, err := h.client.Do(req) // want `POST request in a NATS JetStream consumer is sent again each time the message is redelivered`
	if err != nil {
		return false
	}
	resp.Body.Close()
	return resp.StatusCode < 500
}

// onRefund PUTs to a path keyed by the message: a repeat is harmless.
func (h *hooks) onRefund(ctx context.Context, msgs []*nats.Msg) bool {
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, "https://hooks.example.com/refunds/"+msgs[0].Subject, bytes.NewReader(msgs[0].Data))
	if err != nil {
		return true
	}
	resp, err := h.client.Do(req)
	if err != nil {
		return false
	}
	resp.Body.Close()
	return true
}

// startDrain hands a POST to a helper that drains a channel: nothing
// delivers it again.
func (h *hooks) startDrain(ctx context.Context) {
	go js.Drain(ctx, h.in, func(ctx context.Context, b []byte) bool {
		resp, err := h.client.Post("https://hooks.example.com/audit", "application/json", bytes.NewReader(b))
		if err != nil {
			return false
		}
		resp.Body.Close()
		return true
	})
}
