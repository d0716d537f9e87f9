// Package waitsvc is a service client whose retries wait through helpers
// of another package and of its own, with delays kept in fields.
package waitsvc

import (
	"context"
	"errors"
	"log"
	"math/rand/v2"
	"net/http"
	"time"

	"k8s.io/apimachinery/pkg/util/wait"

	"waitdep"
)

var errStatus = errors.New("waitsvc: unexpected status")

// Client calls the inventory API.
type Client struct {
	hc         *http.Client
	base       string
	retryDelay time.Duration
	pollEvery  time.Duration
	endpoints  []string
	stop       chan struct{}
}

// New returns a Client with the default timings.
func New(hc *http.Client, base string) *Client {
	return &Client{
		hc:         hc,
		base:       base,
		retryDelay: 2 * time.Second,
		pollEvery:  time.Second + rand.N(time.Second),
		stop:       make(chan struct{}),
	}
}

func (c *Client) get(ctx context.Context, path string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.base+path, nil)
	if err != nil {
		return err
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return errStatus
	}
	return nil
}

// wait is the client's own ctx-aware sleep, a method over the shared one.
func (c *Client) wait(ctx context.Context, d time.Duration) error {
	return waitdep.Sleep(ctx, d)
}

// Item waits a constant second through the shared ctx-aware sleep.
func (c *Client) Item(ctx context.Context, id string) error {
	var err error
	for attempt := 0; attempt < 4; attempt++ {
		if err = c.get(ctx, "/items/"+id); err == nil {
			return nil
		}
		if err := waitdep.Sleep(ctx, time.Second); err != nil { // want `retry delay has no jitter`
			return err
		}
	}
	return err
}

// Stock waits the constant delay kept in a field, through a method.
func (c *Client) Stock(ctx context.Context, id string) error {
	var err error
	for range 3 {
		if err = c.get(ctx, "/stock/"+id); err == nil {
			return nil
		}
		if err := c.wait(ctx, c.retryDelay); err != nil { // want `retry delay has no jitter`
			return err
		}
	}
	return err
}

// Price waits a capped quadratic delay computed in the other package.
func (c *Client) Price(ctx context.Context, id string) error {
	var err error
	for attempt := 1; attempt <= 5; attempt++ {
		if err = c.get(ctx, "/prices/"+id); err == nil {
			return nil
		}
		if err := waitdep.Sleep(ctx, waitdep.Quadratic(attempt, 100*time.Millisecond, 5*time.Second)); err != nil { // want `retry delay has no jitter`
			return err
		}
	}
	return err
}

// Watch resets a timer to the field's constant delay.
func (c *Client) Watch(ctx context.Context) error {
	t := time.NewTimer(0)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-t.C:
		}
		if err := c.get(ctx, "/watch"); err == nil {
			return nil
		}
		t.Reset(c.retryDelay) // want `retry delay has no jitter`
	}
}

// Health waits with time.After on the field in a select.
func (c *Client) Health(ctx context.Context) error {
	for {
		err := c.get(ctx, "/health")
		if err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(c.retryDelay): // want `retry delay has no jitter`
		}
	}
}

// Orders draws a jitter and then waits the plain base: dead jitter.
func (c *Client) Orders(ctx context.Context) error {
	const base = 400 * time.Millisecond
	var err error
	for range 5 {
		if err = c.get(ctx, "/orders"); err == nil {
			return nil
		}
		jitter := time.Duration(rand.Int64N(int64(base)))
		log.Printf("waitsvc: orders failed, jitter would be %v: %v", jitter, err)
		t := time.NewTimer(base) // want `retry delay has no jitter`
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C:
		}
	}
	return err
}

// Linear waits a delay that grows with the attempt from a field, uncapped.
func (c *Client) Linear(ctx context.Context) error {
	var err error
	for attempt := 1; attempt <= 6; attempt++ {
		if err = c.get(ctx, "/linear"); err == nil {
			return nil
		}
		time.Sleep(time.Duration(attempt) * c.retryDelay) // want `retry delay has no jitter`
	}
	return err
}

// The look-alikes below stay silent.

// Carts sleeps through the helper that jitters its argument.
func (c *Client) Carts(ctx context.Context) error {
	var err error
	for range 4 {
		if err = c.get(ctx, "/carts"); err == nil {
			return nil
		}
		if err := waitdep.SleepJittered(ctx, time.Second); err != nil {
			return err
		}
	}
	return err
}

// Users waits a capped, jittered delay computed by a helper.
func (c *Client) Users(ctx context.Context) error {
	var err error
	for attempt := range 4 {
		if err = c.get(ctx, "/users"); err == nil {
			return nil
		}
		if err := c.wait(ctx, waitdep.Spread(attempt)); err != nil {
			return err
		}
	}
	return err
}

// Poll waits the field set once to a jittered value.
func (c *Client) Poll(ctx context.Context) error {
	for {
		if err := c.get(ctx, "/poll"); err == nil {
			return nil
		}
		if err := c.wait(ctx, c.pollEvery); err != nil {
			return err
		}
	}
}

// Broadcast tries each endpoint once: a different operation each time.
func (c *Client) Broadcast(ctx context.Context) error {
	var err error
	for _, ep := range c.endpoints {
		if err = c.get(ctx, ep); err == nil {
			return nil
		}
		waitdep.Pause(time.Second, c.stop)
	}
	return err
}

// Labels waits a delay jittered by wait.Jitter.
func (c *Client) Labels(ctx context.Context) error {
	var err error
	for range 5 {
		if err = c.get(ctx, "/labels"); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(wait.Jitter(500*time.Millisecond, 1.0)):
		}
	}
	return err
}

// every retries f on a ticker until stop is closed; its only caller gives
// it a constant period.
func every(period time.Duration, stop <-chan struct{}, f func() error) error {
	tick := time.NewTicker(period)
	defer tick.Stop()
	for {
		err := f()
		if err == nil {
			return nil
		}
		select {
		case <-stop:
			return err
		case <-tick.C: // want `retry delay has no jitter`
		}
	}
}

// Sync retries through the ticker helper.
func (c *Client) Sync(ctx context.Context) error {
	return every(3*time.Second, c.stop, func() error { return c.get(ctx, "/sync") })
}

// Every is every for other packages: it adds no random part to the
// period it is given, whatever they pass.
func Every(period time.Duration, stop <-chan struct{}, f func() error) error {
	tick := time.NewTicker(period)
	defer tick.Stop()
	for {
		err := f()
		if err == nil {
			return nil
		}
		select {
		case <-stop:
			return err
		case <-tick.C: // want `retry delay has no jitter`
		}
	}
}

// Refresh waits the ladder's capped delays, which have no jitter.
func (c *Client) Refresh(ctx context.Context) error {
	l := &waitdep.Ladder{Base: 100 * time.Millisecond, Max: 10 * time.Second}
	var err error
	for range 6 {
		if err = c.get(ctx, "/refresh"); err == nil {
			return nil
		}
		if err := c.wait(ctx, l.Next()); err != nil { // want `retry delay has no jitter`
			return err
		}
	}
	return err
}
