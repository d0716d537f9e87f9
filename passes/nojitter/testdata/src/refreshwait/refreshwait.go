// want package:`waits Refresh RefreshAfter RefreshEvery RefreshJittered refresh`

// Package refreshwait: token refreshers that wait their interval after a
// success and choose a shorter delay after a failure. The failure's
// delay is a retry delay, judged alone; the schedule's is not.
package refreshwait

import (
	"context"
	"math/rand/v2"
	"net/http"
	"time"
)

func refresh(ctx context.Context) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "http://auth/token", nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Reported: after a failure the next round waits a constant second, at
// the top of the round.
func Refresh(ctx context.Context, interval time.Duration) {
	wait := interval
	for {
		select {
		case <-ctx.Done():
			return
		case <-time.After(wait): // want `retry delay has no jitter`
			err := refresh(ctx)
			if err != nil {
				wait = time.Second
			} else {
				wait = interval
			}
		}
	}
}

// Reported: the same with the wait at the end of the round.
func RefreshAfter(ctx context.Context, interval time.Duration) {
	for {
		err := refresh(ctx)
		d := interval
		if err != nil {
			d = 2 * time.Second
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(d): // want `retry delay has no jitter`
		}
	}
}

// Not reported: a failure waits the interval like a success, a schedule.
func RefreshEvery(ctx context.Context, interval time.Duration) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-time.After(interval):
			if err := refresh(ctx); err != nil {
				continue
			}
		}
	}
}

// Not reported: the failure's delay is jittered.
func RefreshJittered(ctx context.Context, interval time.Duration) {
	wait := interval
	for {
		select {
		case <-ctx.Done():
			return
		case <-time.After(wait):
			if err := refresh(ctx); err != nil {
				wait = time.Second/2 + rand.N(time.Second/2)
			} else {
				wait = interval
			}
		}
	}
}
