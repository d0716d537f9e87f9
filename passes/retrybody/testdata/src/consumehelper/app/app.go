// Package app hands its handlers to the program's consumer helper, which
// naks what a handler fails on.
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
}

func (h *hooks) Start(ctx context.Context) error {
	if err := js.Consumer(ctx, h.js, "events", "events", h.onEvent); err != nil {
		return err
	}
	return js.Consumer(ctx, h.js, "pings", "pings", h.onPing)
}

// onEvent leaves the response open when it fails on the status.
func (h *hooks) onEvent(ctx context.Context, msgs []*nats.Msg) bool {
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, "https://as.example.com/transactions/1", bytes.NewReader(msgs[0].Data))
	if err != nil {
		return true
	}
	resp, err := h.client.Do(req) // want `response body is not closed when the attempt fails on its status`
	if err != nil {
		return false
	}
	if resp.StatusCode != http.StatusOK {
		return false
	}
	resp.Body.Close()
	return true
}

// onPing closes it first.
func (h *hooks) onPing(ctx context.Context, msgs []*nats.Msg) bool {
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, "https://as.example.com/ping", nil)
	if err != nil {
		return true
	}
	resp, err := h.client.Do(req)
	if err != nil {
		return false
	}
	resp.Body.Close()
	return resp.StatusCode < 500
}
