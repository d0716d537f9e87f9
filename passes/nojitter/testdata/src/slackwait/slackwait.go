// want package:`waits lookup lookupFixed`

// Package slackwait waits between rate-limited attempts: the delay
// slack-go's RateLimitedError carries is the one the server asked for.
package slackwait

import (
	"errors"
	"time"

	"github.com/slack-go/slack"
)

// lookup waits what the server asked for.
func lookup(c *slack.Client, channel string) error {
	for {
		_, _, err := c.PostMessageContext(nil, channel, "hello")
		var rl *slack.RateLimitedError
		if errors.As(err, &rl) {
			time.Sleep(rl.RetryAfter)
			continue
		}
		return err
	}
}

// lookupFixed waits a second of its own, whatever the server asked.
func lookupFixed(c *slack.Client, channel string) error {
	for i := 0; i < 5; i++ {
		_, _, err := c.PostMessageContext(nil, channel, "hello")
		var rl *slack.RateLimitedError
		if errors.As(err, &rl) {
			time.Sleep(time.Second) // want `retry delay has no jitter`
			continue
		}
		return err
	}
	return nil
}
