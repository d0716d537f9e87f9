// Package slackstatus posts chat messages through retry helpers: one goes
// round only on slack-go's RateLimitedError (made only for a 429, whose
// Retry-After it carries), the other on every error, 4xx included.
package slackstatus

import (
	"context"
	"errors"
	"time"

	"github.com/slack-go/slack"
)

type Sender struct{ token string }

// withClient retries only a rate-limited attempt, after the server's
// delay.
func (s *Sender) withClient(ctx context.Context, fn func(*slack.Client) error) error {
	cli := slack.New(s.token)
	var err error
	for i := 0; i < 3; i++ {
		err = fn(cli)
		var rl *slack.RateLimitedError
		if errors.As(err, &rl) {
			time.Sleep(rl.RetryAfter)
			continue
		}
		return err
	}
	return err
}

// withRetries retries every error.
func (s *Sender) withRetries(ctx context.Context, fn func(*slack.Client) error) error {
	cli := slack.New(s.token)
	var err error
	for i := 0; i < 3; i++ {
		if err = fn(cli); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Send is retried only after a 429.
func (s *Sender) Send(ctx context.Context, channel, text string) error {
	return s.withClient(ctx, func(c *slack.Client) error {
		_, _, err := c.PostMessageContext(ctx, channel, text)
		return err
	})
}

// SendRetried is retried after a 400 or a 404 too.
func (s *Sender) SendRetried(ctx context.Context, channel, text string) error {
	return s.withRetries(ctx, func(c *slack.Client) error {
		_, _, err := c.PostMessageContext(ctx, channel, text) // want `retry on any non-success status also retries 4xx responses`
		return err
	})
}
