// Package schedrange sends notifications and retries them on schedules of // want package:`waits Notifier.Broadcast Notifier.Deliver Notifier.Heartbeat Notifier.Notify Notifier.NotifyEscalating Notifier.NotifyJitteredSchedule Notifier.NotifySpread Notifier.Publish Notifier.Webhook sleepCtx`
// delays, ranging over the schedule.
package schedrange

import (
	"context"
	"errors"
	"math/rand/v2"
	"time"

	"schedrange/retrypolicy"
)

var errUnavailable = errors.New("unavailable")

// publishBackoffs are the pauses between publish attempts.
var publishBackoffs = []time.Duration{100 * time.Millisecond, 500 * time.Millisecond, 2 * time.Second}

type Notifier struct {
	send      func(ctx context.Context, msg string) error
	sendTo    func(ctx context.Context, endpoint, msg string) error
	backoffs  []time.Duration
	spread    []time.Duration
	endpoints []string
}

func spreadOut(d time.Duration) time.Duration { // want spreadOut:`delay\(random=true capped=false grows=false\)`
	return d/2 + rand.N(d/2)
}

func NewNotifier(send func(ctx context.Context, msg string) error) *Notifier {
	return &Notifier{
		send:     send,
		backoffs: []time.Duration{time.Second, 2 * time.Second, 4 * time.Second},
		spread:   []time.Duration{spreadOut(time.Second), spreadOut(4 * time.Second)},
	}
}

// sleepCtx waits for d or until ctx is done.
func sleepCtx(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// Notify waits the literal schedule's pauses as they are.
func (n *Notifier) Notify(ctx context.Context, msg string) error {
	var err error
	for _, d := range []time.Duration{time.Second, 3 * time.Second, 10 * time.Second} {
		if err = n.send(ctx, msg); err == nil {
			return nil
		}
		time.Sleep(d) // want `retry delay has no jitter`
	}
	return err
}

// Publish ranges over a package variable.
func (n *Notifier) Publish(ctx context.Context, msg string) error {
	var err error
	for _, backoff := range publishBackoffs {
		err = n.send(ctx, msg)
		if err == nil {
			break
		}
		if err := sleepCtx(ctx, backoff); err != nil { // want `retry delay has no jitter`
			return err
		}
	}
	return err
}

// Deliver ranges over the field its constructor fills in, by index.
func (n *Notifier) Deliver(ctx context.Context, msg string) (err error) {
	for i := range n.backoffs {
		if err = n.send(ctx, msg); err == nil || !errors.Is(err, errUnavailable) {
			return err
		}
		time.Sleep(n.backoffs[i]) // want `retry delay has no jitter`
	}
	return err
}

// Webhook ranges over another package's schedule.
func (n *Notifier) Webhook(ctx context.Context, msg string) error {
	var err error
	for _, d := range retrypolicy.Webhook {
		time.Sleep(d) // want `retry delay has no jitter`
		if err = n.send(ctx, msg); err == nil {
			return nil
		}
	}
	return err
}

// NotifySpread spreads each pause of the schedule: fine.
func (n *Notifier) NotifySpread(ctx context.Context, msg string) error {
	var err error
	for _, d := range publishBackoffs {
		if err = n.send(ctx, msg); err == nil {
			return nil
		}
		time.Sleep(d/2 + rand.N(d/2))
	}
	return err
}

// NotifyJitteredSchedule ranges over a schedule built with jitter: fine.
func (n *Notifier) NotifyJitteredSchedule(ctx context.Context, msg string) error {
	var err error
	for _, d := range n.spread {
		if err = n.send(ctx, msg); err == nil {
			return nil
		}
		time.Sleep(d)
	}
	return err
}

// Broadcast moves to the next endpoint after a failure: each iteration
// sends to a different target, not a retry.
func (n *Notifier) Broadcast(ctx context.Context, msg string) error {
	var err error
	for _, ep := range n.endpoints {
		if err = n.sendTo(ctx, ep, msg); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// NotifyEscalating gives each attempt a longer timeout; nothing waits for
// the durations, so they are not a schedule of pauses.
func (n *Notifier) NotifyEscalating(ctx context.Context, msg string) error {
	var err error
	for _, timeout := range []time.Duration{time.Second, 5 * time.Second} {
		tctx, cancel := context.WithTimeout(ctx, timeout)
		err = n.send(tctx, msg)
		cancel()
		if err == nil {
			return nil
		}
	}
	return err
}

// Heartbeat pings after each pause and never leaves on success: a
// schedule of work, not a retry.
func (n *Notifier) Heartbeat(ctx context.Context) {
	for _, d := range publishBackoffs {
		time.Sleep(d)
		_ = n.send(ctx, "ping")
	}
}
