// Package app hands its handlers to the program's consumer helper, which
// naks what a handler fails on.
package app

import (
	"bytes"
	"context"
	"fmt"
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
	if err := js.Consumer(ctx, h.js, "pings", "pings", h.onPing); err != nil {
		return err
	}
	// An adapter literal gives a method the helper's signature.
	return js.Consumer(ctx, h.js, "txns", "txns", func(ctx context.Context, msgs []*nats.Msg) bool {
		return h.onTxn(ctx, "as-1", msgs)
	})
}

// onTxn succeeds when send returned no error: send fails on every status
// but 200, and its request is where that is reported.
func (h *hooks) onTxn(ctx context.Context, id string, msgs []*nats.Msg) bool {
	return h.send(ctx, id, msgs[0].Data) == nil
}

func (h *hooks) send(ctx context.Context, id string, b []byte) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, "https://as.example.com/transactions/"+id, bytes.NewReader(b))
	if err != nil {
		return err
	}
	resp, err := h.client.Do(req) // want `this consumer fails on every non-success status, 4xx included`
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("appservice answered %d", resp.StatusCode)
	}
	return nil
}

// onEvent fails on every status but 200: a 404 is redelivered forever.
func (h *hooks) onEvent(ctx context.Context, msgs []*nats.Msg) bool {
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, "https://as.example.com/transactions/1", bytes.NewReader(msgs[0].Data))
	if err != nil {
		return true
	}
	resp, err := h.client.Do(req) // want `this consumer fails on every non-success status, 4xx included, and NATS JetStream redelivers what it fails on`
	if err != nil {
		return false
	}
	defer resp.Body.Close()
	switch resp.StatusCode {
	case http.StatusOK:
		return true
	default:
		return false
	}
}

// onPing acknowledges a 4xx: only a 5xx comes back.
func (h *hooks) onPing(ctx context.Context, msgs []*nats.Msg) bool {
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, "https://as.example.com/ping", nil)
	if err != nil {
		return true
	}
	resp, err := h.client.Do(req)
	if err != nil {
		return false
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 500 {
		return false
	}
	return true
}
