// Package gotohandler serves webhook endpoints whose handlers are closures
// that retry the publish with a goto, as some older services do.
package gotohandler

import (
	"context"
	"math/rand/v2"
	"net/http"
	"time"

	"gotohandler/outbox"
)

func pause() time.Duration {
	return time.Second/2 + rand.N(time.Second/2)
}

// NewEventHandler goes back after every failure, forever.
func NewEventHandler(pub *outbox.Publisher) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
	publish: // want `retry loop can run forever: this goto goes back after each failure`
		if err := pub.Publish(r.Context(), "events", nil); err != nil {
			time.Sleep(pause())
			goto publish
		}
		w.WriteHeader(http.StatusAccepted)
	}
}

// NewCountedHandler stops after four attempts.
func NewCountedHandler(pub *outbox.Publisher) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		attempts := 0
	publish:
		if err := pub.Publish(r.Context(), "events", nil); err != nil && attempts < 4 {
			attempts++
			time.Sleep(pause())
			goto publish
		}
		w.WriteHeader(http.StatusAccepted)
	}
}

// NewCancellableHandler stops when the request is cancelled.
func NewCancellableHandler(pub *outbox.Publisher) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		ctx := r.Context()
	publish:
		if err := pub.Publish(ctx, "events", nil); err != nil {
			if ctx.Err() != nil {
				w.WriteHeader(http.StatusServiceUnavailable)
				return
			}
			time.Sleep(pause())
			goto publish
		}
		w.WriteHeader(http.StatusAccepted)
	}
}

// Start runs a background flusher whose literal retries forever.
func Start(pub *outbox.Publisher) {
	go func() {
	again: // want `retry loop can run forever: this goto goes back after each failure`
		if err := pub.Publish(context.Background(), "flush", nil); err != nil {
			time.Sleep(pause())
			goto again
		}
	}()
}

// StartBounded gives up after a minute.
func StartBounded(pub *outbox.Publisher) {
	go func() {
		deadline := time.Now().Add(time.Minute)
	again:
		if err := pub.Publish(context.Background(), "flush", nil); err != nil && time.Now().Before(deadline) {
			time.Sleep(pause())
			goto again
		}
	}()
}
