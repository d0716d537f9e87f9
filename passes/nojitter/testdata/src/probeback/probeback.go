// want package:`waits Worker.flush Worker.run`

// Package probeback sends a buffer of scrobbles from a worker loop. The
// send reports failure by answering false (it logs and swallows the
// error). After a failure the worker re-arms a timer with a growing,
// capped delay that has no random part: that is the retry's backoff, and
// every worker that failed together retries together. A worker that
// waits on the same tick whatever the outcome is a schedule.
package probeback

import (
	"context"
	"log"
	"time"
)

type Buffer interface {
	UserIDs(ctx context.Context) ([]string, error)
	Send(ctx context.Context, id string) error
}

type Worker struct {
	buf  Buffer
	wake chan struct{}
}

func (w *Worker) processQueue(ctx context.Context) bool {
	ids, err := w.buf.UserIDs(ctx)
	if err != nil {
		log.Print("reading the buffer: ", err)
		return false
	}
	result := true
	for _, id := range ids {
		if err := w.buf.Send(ctx, id); err != nil {
			result = false
		}
	}
	return result
}

func backoffDelay(failures int) time.Duration { // want backoffDelay:`delay\(random=false capped=true grows=true\)`
	d := time.Second << failures
	if d > 4*time.Minute {
		d = 4 * time.Minute
	}
	return d
}

// run retries a failed send after a growing delay, or when woken.
func (w *Worker) run(ctx context.Context) {
	timer := time.NewTimer(time.Hour)
	timer.Stop()
	defer timer.Stop()
	failures := 0
	for {
		if w.processQueue(ctx) {
			failures = 0
			timer.Stop()
		} else {
			timer.Reset(backoffDelay(failures)) // want `retry delay has no jitter`
			if failures < 8 {
				failures++
			}
		}
		select {
		case <-w.wake:
		case <-timer.C:
		case <-ctx.Done():
			return
		}
	}
}

// flush sends the buffer every minute, whether the last send worked or not.
func (w *Worker) flush(ctx context.Context) {
	t := time.NewTicker(time.Minute)
	defer t.Stop()
	for {
		if !w.processQueue(ctx) {
			log.Print("flush failed; next flush in a minute")
		}
		select {
		case <-t.C:
		case <-ctx.Done():
			return
		}
	}
}
