// Package slackretry posts chat messages through retry helpers: one goes
// round only on slack-go's RateLimitedError, which the library makes only
// for a 429 (the server refused the message without posting it), the
// others on every error or on an error also made for a 503.
package slackretry

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/slack-go/slack"
)

type Sender struct {
	token string
	hc    *http.Client
}

func wait(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// withClient retries only a rate-limited attempt.
func (s *Sender) withClient(ctx context.Context, fn func(*slack.Client) error) error {
	cli := slack.New(s.token, slack.OptionHTTPClient(s.hc))
	var err error
	for i := 0; i < 3; i++ {
		err = fn(cli)
		var rl *slack.RateLimitedError
		if errors.As(err, &rl) && rl.RetryAfter > 0 {
			if err := wait(ctx, rl.RetryAfter); err != nil {
				return err
			}
			continue
		}
		return err
	}
	return err
}

// withRetries retries every error.
func (s *Sender) withRetries(ctx context.Context, fn func(*slack.Client) error) error {
	cli := slack.New(s.token, slack.OptionHTTPClient(s.hc))
	var err error
	for i := 0; i < 3; i++ {
		if err = fn(cli); err == nil {
			return nil
		}
		if err := wait(ctx, time.Second); err != nil {
			return err
		}
	}
	return err
}

// Send posts once more only after a 429.
func (s *Sender) Send(ctx context.Context, channel, text string) error { // want Send:`sends unkeyed POST \(retried=false\)`
	return s.withClient(ctx, func(c *slack.Client) error {
		_, _, err := c.PostMessageContext(ctx, channel, text)
		return err
	})
}

// SendRetried posts again after a timeout: the message may be posted
// twice.
func (s *Sender) SendRetried(ctx context.Context, channel, text string) error { // want SendRetried:`sends unkeyed POST \(retried=true\)`
	return s.withRetries(ctx, func(c *slack.Client) error {
		_, _, err := c.PostMessageContext(ctx, channel, text) // want `POST request is retried without an Idempotency-Key header by Sender.withRetries`
		return err
	})
}

// busyError is made for a 429 and for a 503: matching it proves nothing.
type busyError struct{ code int }

func (e *busyError) Error() string { return http.StatusText(e.code) }

func (s *Sender) post(ctx context.Context, url string) error { // want post:`sends unkeyed POST \(retried=false\)`
	resp, err := s.hc.Post(url, "application/json", nil)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode == http.StatusServiceUnavailable {
		return &busyError{code: resp.StatusCode}
	}
	return nil
}

// PostWhileBusy goes round on a busy error, a 503 among them.
func (s *Sender) PostWhileBusy(ctx context.Context, url string) error { // want PostWhileBusy:`sends unkeyed POST \(retried=true\)`
	var err error
	for i := 0; i < 3; i++ {
		err = s.post(ctx, url) // want `POST request is retried without an Idempotency-Key header by this retry loop`
		var busy *busyError
		if errors.As(err, &busy) {
			time.Sleep(time.Second)
			continue
		}
		return err
	}
	return err
}
