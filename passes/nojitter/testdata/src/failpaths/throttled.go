package failpaths

import (
	"context"
	"log"
	"time"
)

type receiveInput struct{ Queue string }

type queueAPI interface {
	ReceiveMessage(ctx context.Context, in *receiveInput) ([]string, error)
}

type rateLimiter interface {
	Allow(ctx context.Context, id string) error
}

// ThrottledConsume waits a constant 250ms when the rate limiter says no,
// and asks the queue again at once when a receive fails. The wait of the
// limiter's path is judged, and so is the receive's hot path: the
// limiter's branch skips the round (sleep; continue), so a failed receive
// that goes round never passes its wait.
func ThrottledConsume(ctx context.Context, q queueAPI, l rateLimiter, id string) {
	for { // want `retry loop retries at once`
		select {
		case <-ctx.Done():
			return
		default:
			if id != "" {
				if err := l.Allow(ctx, id); err != nil {
					time.Sleep(250 * time.Millisecond) // want `retry delay has no jitter`
					continue
				}
			}
			msgs, err := q.ReceiveMessage(ctx, &receiveInput{Queue: "jobs"})
			if err != nil {
				log.Print(err)
				continue
			}
			for _, m := range msgs {
				log.Print(m)
			}
		}
	}
}

// Generations hands each failure to whoever reads errs before it joins
// again: the send blocks until someone receives, which paces the failure
// path (a consumer group's run loop).
func Generations(join func() error, errs chan<- error, done <-chan struct{}) {
	for {
		err := join()
		if err == nil {
			continue
		}
		select {
		case <-done:
			return
		case errs <- err:
		}
	}
}
