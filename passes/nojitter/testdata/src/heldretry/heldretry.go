// Package heldretry refreshes broker metadata the way Kafka clients do:
// the wait and the call back into the function live in a literal that
// the failure branches call.
package heldretry

import (
	"errors"
	"math/rand"
	"time"
)

type Config struct{ Backoff time.Duration }

type broker struct{}

func (b *broker) Metadata(topics []string) (int, error) { return 0, errors.New("no leader") }

type Client struct {
	conf   *Config
	broker *broker
}

// Refresh sleeps the configured backoff, the same for every client, and
// calls itself with one attempt fewer.
func (c *Client) Refresh(topics []string, attemptsRemaining int) error {
	retry := func(err error) error {
		if attemptsRemaining > 0 {
			time.Sleep(c.conf.Backoff) // want `retry delay has no jitter`
			attemptsRemaining--
			return c.Refresh(topics, attemptsRemaining)
		}
		return err
	}
	n, err := c.broker.Metadata(topics)
	if err != nil {
		return retry(err)
	}
	if n == 0 {
		return retry(errors.New("leaderless"))
	}
	return nil
}

// RefreshJittered spreads the same wait.
func (c *Client) RefreshJittered(topics []string, attemptsRemaining int) error {
	retry := func(err error) error {
		if attemptsRemaining > 0 {
			d := c.conf.Backoff
			time.Sleep(d/2 + time.Duration(rand.Int63n(int64(d/2)+1)))
			attemptsRemaining--
			return c.RefreshJittered(topics, attemptsRemaining)
		}
		return err
	}
	if _, err := c.broker.Metadata(topics); err != nil {
		return retry(err)
	}
	return nil
}

type node struct{ kids []*node }

// Visit calls itself from a literal for each child: a walk, not a retry.
func Visit(n *node) error {
	each := func(k *node) error {
		time.Sleep(time.Millisecond)
		return Visit(k)
	}
	for _, k := range n.kids {
		if err := each(k); err != nil {
			return err
		}
	}
	return nil
}
