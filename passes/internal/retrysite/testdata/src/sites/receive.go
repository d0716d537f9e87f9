package sites

import (
	"context"
	"log"
	"time"
)

// A read from a stream is consumption only when a successful read goes
// round for the next item. When success leaves and only a failure goes
// round, the loop retries the read (found on a blind-labelled repository:
// a subscriber's receive wrapped in a backoff).

type subscription interface {
	Receive(ctx context.Context) (string, error)
}

func receiveOne(ctx context.Context, sub subscription) (string, error) {
	for { // want `retry loop bounded=true waits=1 op=body`
		m, err := sub.Receive(ctx)
		if err == nil {
			return m, nil
		}
		select {
		case <-ctx.Done():
			return "", ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// Not a retry: a consumer. A successful read goes round for the next
// message; a failed one is logged and skipped.
func consume(ctx context.Context, sub subscription, handle func(string)) {
	for {
		m, err := sub.Receive(ctx)
		if err != nil {
			log.Printf("receive: %v", err)
			continue
		}
		handle(m)
	}
}
