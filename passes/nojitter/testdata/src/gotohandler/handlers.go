// Package gotohandler serves webhook endpoints whose handlers are closures
// that retry the publish with a goto, as some older services do.
package gotohandler

import (
	"context"
	"io"
	"math/rand/v2"
	"net/http"
	"time"

	"gotohandler/outbox"
)

const relayPause = 2 * time.Second

// NewEventHandler returns a handler that publishes the request body and
// goes back to the publish after a fixed pause.
func NewEventHandler(pub *outbox.Publisher) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		attempts := 0
	publish:
		if err := pub.Publish(r.Context(), "events", body); err != nil && attempts < 4 {
			attempts++
			time.Sleep(relayPause) // want `retry delay has no jitter`
			goto publish
		}
		w.WriteHeader(http.StatusAccepted)
	}
}

// NewAuditHandler goes back at once.
func NewAuditHandler(pub *outbox.Publisher) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		tries := 0
	again: // want `retry loop retries at once, with no delay between attempts`
		err := pub.Publish(r.Context(), "audit", nil)
		if err != nil && tries < 3 {
			tries++
			goto again
		}
		w.WriteHeader(http.StatusNoContent)
	}
}

// NewMetricsHandler spreads its pause: fine.
func NewMetricsHandler(pub *outbox.Publisher) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		tries := 0
	again:
		err := pub.Publish(r.Context(), "metrics", nil)
		if err != nil && tries < 3 {
			tries++
			time.Sleep(relayPause/2 + rand.N(relayPause/2))
			goto again
		}
		w.WriteHeader(http.StatusNoContent)
	}
}

// flushPending is kept in a package variable: a literal too.
var flushPending = func(ctx context.Context, pub *outbox.Publisher, batch []byte) error {
	n := 0
retry:
	err := pub.Publish(ctx, "batch", batch)
	if err != nil && n < 5 {
		n++
		time.Sleep(500 * time.Millisecond) // want `retry delay has no jitter`
		goto retry
	}
	return err
}

// NewBatchHandler skips a failed event with a forward goto: not a retry.
func NewBatchHandler(pub *outbox.Publisher) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		failed := 0
		for _, topic := range []string{"a", "b"} {
			if err := pub.Publish(r.Context(), topic, nil); err != nil {
				goto next
			}
			continue
		next:
			failed++
			time.Sleep(time.Second)
		}
		_ = flushPending(r.Context(), pub, nil)
		if failed > 0 {
			w.WriteHeader(http.StatusBadGateway)
		}
	}
}
