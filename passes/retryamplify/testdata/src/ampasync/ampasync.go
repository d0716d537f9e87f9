// Package ampasync watches for events and handles each with a retry of its
// own. A watch whose attempt starts the handler in a goroutine and goes on
// does not fail when the handler's retry fails, so the attempts do not
// multiply; one that runs the handler in the attempt does.
package ampasync

import (
	"context"
	"errors"
	"math/rand/v2"
	"sync"
	"time"
)

type Event struct{ Key string }

type Watcher struct {
	wg     sync.WaitGroup
	events func(ctx context.Context) ([]Event, error)
	apply  func(ctx context.Context, ev Event) error
}

func jitter(d time.Duration) time.Duration { return d/2 + rand.N(d/2) }

// handle applies an event until it succeeds, at most five times.
func (w *Watcher) handle(ctx context.Context, ev Event) error { // want handle:`retries\(attempts=5\)`
	var err error
	for range 5 {
		if err = w.apply(ctx, ev); err == nil {
			return nil
		}
		time.Sleep(jitter(time.Second))
	}
	return err
}

// start hands the event to a goroutine and returns; a caller may wait
// for its answer, so its fact still says it retries.
func (w *Watcher) start(ctx context.Context, ev Event) { // want start:`retries\(attempts=5\)`
	go w.handle(ctx, ev)
}

// WatchGo starts each handler in a goroutine.
func (w *Watcher) WatchGo(ctx context.Context) error { // want WatchGo:`retries\(attempts=3\)`
	for range 3 {
		evs, err := w.events(ctx)
		if err != nil {
			time.Sleep(jitter(time.Second))
			continue
		}
		for _, ev := range evs {
			go func() { _ = w.handle(ctx, ev) }()
		}
		return nil
	}
	return errors.New("watch failed")
}

// WatchGroup hands each handler to the watcher's group, which another
// method waits for.
func (w *Watcher) WatchGroup(ctx context.Context) error { // want WatchGroup:`retries\(attempts=5\)`
	for range 3 {
		evs, err := w.events(ctx)
		if err != nil {
			time.Sleep(jitter(time.Second))
			continue
		}
		for _, ev := range evs {
			w.wg.Go(func() { _ = w.handle(ctx, ev) })
			w.start(ctx, ev)
		}
		return nil
	}
	return errors.New("watch failed")
}

// retryForever runs op until it succeeds or ctx ends.
func retryForever(ctx context.Context, op func() error) error { // want retryForever:`retries\(attempts=0, until parameter 0 is done\)`
	for ctx.Err() == nil {
		if err := op(); err == nil {
			return nil
		}
		time.Sleep(jitter(time.Second))
	}
	return ctx.Err()
}

// Subscribe re-subscribes whenever the stream fails and hands each event
// to the group: the stream's attempt does not wait for the handlers.
func (w *Watcher) Subscribe(ctx context.Context, stream func(context.Context) (<-chan Event, error)) error { // want Subscribe:`retries\(attempts=0\)`
	return retryForever(ctx, func() error {
		ch, err := stream(ctx)
		if err != nil {
			return err
		}
		for ev := range ch {
			w.wg.Go(func() { _ = w.handle(ctx, ev) })
			go w.handle(ctx, ev)
		}
		return errors.New("stream ended")
	})
}

// WatchInline handles each event before it returns: a failed handler
// fails the round, which runs the handler's retry again.
func (w *Watcher) WatchInline(ctx context.Context) error { // want WatchInline:`retries\(attempts=15\)`
	var err error
	for range 3 {
		var evs []Event
		if evs, err = w.events(ctx); err == nil {
			for _, ev := range evs {
				if err = w.handle(ctx, ev); err != nil { // want `retry inside a retry`
					break
				}
			}
			if err == nil {
				return nil
			}
		}
		time.Sleep(jitter(time.Second))
	}
	return err
}
