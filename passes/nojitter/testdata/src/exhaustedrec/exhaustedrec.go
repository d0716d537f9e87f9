// want package:`waits`

// Package exhaustedrec refreshes metadata from the first broker that
// answers, and when every broker failed, waits and calls itself again
// (sarama's shape): what follows a loop that only returns on success is
// reached when every target failed. A loop whose failure returns makes
// what follows it a success: calling itself again there is a schedule.
package exhaustedrec

import (
	"errors"
	"time"
)

var errAuth = errors.New("authentication failed")

type broker struct{ addr string }

func (b *broker) metadata() (bool, error) { return false, errors.New("down") }

type client struct {
	brokers []*broker
	backoff time.Duration
}

func (c *client) next() *broker {
	if len(c.brokers) == 0 {
		return nil
	}
	b := c.brokers[0]
	c.brokers = c.brokers[1:]
	return b
}

// refresh asks each broker in turn; when all failed it retries.
func (c *client) refresh(attemptsLeft int) error {
	retry := func(err error) error {
		if attemptsLeft > 0 {
			time.Sleep(c.backoff) // want `retry delay has no jitter`
			attemptsLeft--
			return c.refresh(attemptsLeft)
		}
		return err
	}
	var errs []error
	for b := c.next(); b != nil; b = c.next() {
		leaderless, err := b.metadata()
		if err == nil {
			if leaderless {
				return retry(errors.New("leaderless"))
			}
			return nil
		} else if errors.Is(err, errAuth) {
			return err // no broker will take these credentials
		}
		errs = append(errs, err)
	}
	return retry(errors.Join(errs...))
}

// syncAll syncs every broker, stopping at the first failure; when all
// are synced it syncs again after a pause, a fixed number of times.
func (c *client) syncAll(roundsLeft int) error {
	for _, b := range c.brokers {
		if _, err := b.metadata(); err != nil {
			return err
		}
	}
	if roundsLeft > 0 {
		time.Sleep(time.Minute)
		return c.syncAll(roundsLeft - 1)
	}
	return nil
}

// firstUp stops at the first broker that answers, by a break: what
// follows may be a success.
func (c *client) firstUp(roundsLeft int) error {
	var found *broker
	for _, b := range c.brokers {
		if _, err := b.metadata(); err == nil {
			found = b
			break
		}
	}
	if found != nil && roundsLeft > 0 {
		time.Sleep(time.Minute)
		return c.firstUp(roundsLeft - 1)
	}
	return nil
}

// coordinator asks each broker in turn; a failed request moves on to the
// next unless it could not even be encoded; when all failed it retries.
func (c *client) coordinator(attemptsLeft int) (*broker, error) {
	retry := func(err error) (*broker, error) {
		if attemptsLeft > 0 {
			attemptsLeft--
			time.Sleep(c.backoff) // want `retry delay has no jitter`
			return c.coordinator(attemptsLeft)
		}
		return nil, err
	}
	for b := c.next(); b != nil; b = c.next() {
		_, err := b.metadata()
		if err != nil {
			if errors.Is(err, errAuth) {
				return nil, err
			} else {
				continue
			}
		}
		return b, nil
	}
	return retry(errors.New("out of brokers"))
}

func NewClient(backoff time.Duration) *client { return &client{backoff: backoff} }
