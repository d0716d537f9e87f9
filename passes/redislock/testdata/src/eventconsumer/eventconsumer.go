// Package eventconsumer handles events exactly once, it hopes, through the
// eventstore helpers.
package eventconsumer

import (
	"context"
	"log"

	"eventstore"
)

type Consumer struct {
	store *eventstore.Store
	apply func(ctx context.Context, id string) error
}

// Handle checks, works, then marks: two deliveries of one event both see
// it unhandled and both apply it.
func (c *Consumer) Handle(ctx context.Context, id string) error {
	done, err := c.store.Handled(ctx, id)
	if err != nil {
		return err
	}
	if done {
		return nil
	}
	if err := c.apply(ctx, id); err != nil {
		return err
	}
	return c.store.MarkHandled(ctx, id) // want `GET then SET of the same key is a check-then-set race`
}

// HandleClaimed claims first, works, then marks the same key again: a
// crash between the claim and the mark leaves a claim that expires and
// lets the event be applied twice.
func (c *Consumer) HandleClaimed(ctx context.Context, id string) error {
	ok, err := c.store.Claim(ctx, id) // want `SET NX marker is not atomic with the work it guards`
	if err != nil || !ok {
		return err
	}
	if err := c.apply(ctx, id); err != nil {
		return err
	}
	return c.store.MarkHandled(ctx, id)
}

// HandleOnce claims in one step and never writes the key again.
func (c *Consumer) HandleOnce(ctx context.Context, id string) error {
	ok, err := c.store.Claim(ctx, id)
	if err != nil || !ok {
		return err
	}
	return c.apply(ctx, id)
}

// Audit logs whether the event was seen; the mark runs either way.
func (c *Consumer) Audit(ctx context.Context, id string) error {
	done, err := c.store.Handled(ctx, id)
	if err != nil {
		return err
	}
	log.Printf("event %s handled before: %v", id, done)
	return c.store.MarkHandled(ctx, id)
}

// Retry checks a different key than it marks.
func (c *Consumer) Retry(ctx context.Context, id string) error {
	n, err := c.store.Pending(ctx, id)
	if err != nil || n == 0 {
		return err
	}
	return c.store.MarkHandled(ctx, id)
}

// Summarize is a read-through cache: a racing fill writes the same data.
func (c *Consumer) Summarize(ctx context.Context, id string) (string, error) {
	if s, err := c.store.Summary(ctx, id); err == nil && s != "" {
		return s, nil
	}
	s := "summary of " + id
	return s, c.store.CacheSummary(ctx, id, s)
}

// Replay marks another event than the one it checked.
func (c *Consumer) Replay(ctx context.Context, id, parent string) error {
	done, err := c.store.Handled(ctx, parent)
	if err != nil || !done {
		return err
	}
	return c.store.MarkHandled(ctx, id)
}

// MarkFirst marks before it applies: both deliveries can still see the
// event unhandled, mark it and apply it.
func (c *Consumer) MarkFirst(ctx context.Context, id string) error {
	done, err := c.store.Handled(ctx, id)
	if err != nil || done {
		return err
	}
	if err := c.store.MarkHandled(ctx, id); err != nil { // want `GET then SET of the same key is a check-then-set race`
		return err
	}
	return c.apply(ctx, id)
}

// Acknowledge sets the flag if it is not set yet and does nothing else:
// setting it twice repeats nothing.
func (c *Consumer) Acknowledge(ctx context.Context, id string) error {
	done, err := c.store.Handled(ctx, id)
	if err != nil || done {
		return err
	}
	return c.store.MarkHandled(ctx, id)
}
