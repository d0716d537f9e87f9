package sites

import (
	"context"
	"time"

	"sitesdep"
)

// A wait helper's call is the loop's wait, and its error the bound.
func waitHelper(ctx context.Context) error {
	for { // want `retry loop bounded=true waits=1 op=body`
		if err := op(); err == nil {
			return nil
		}
		if err := sitesdep.SleepCtx(ctx, time.Second); err != nil {
			return err
		}
	}
}

// A helper that waits and then runs an operation is an operation: the loop
// goes round after it succeeds, so it is no retry loop.
func notAWait(ctx context.Context) {
	for {
		if err := op(); err == nil {
			return
		}
		if err := sitesdep.SleepThenPing(ctx, time.Second, op); err != nil {
			continue
		}
	}
}

// The success branch of an attempt given a context is not a context bound.
func ctxAttempt(ctx context.Context) {
	for { // want `retry loop bounded=false waits=1 op=body`
		if err := ping(ctx); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

func ping(ctx context.Context) error { return ctx.Err() }

// pacer computes its own delay.
type pacer struct{ next time.Duration }

func (p *pacer) delay() time.Duration { return p.next }

// Wait waits the pacer's delay, or until ctx is done.
func (p *pacer) Wait(ctx context.Context) error {
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(p.delay()):
		return nil
	}
}

// A wait helper that takes no duration is a wait too.
func paced(ctx context.Context, p *pacer) error {
	for { // want `retry loop bounded=true waits=1 op=body`
		if err := op(); err == nil {
			return nil
		}
		if err := p.Wait(ctx); err != nil {
			return err
		}
	}
}
