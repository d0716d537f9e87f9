// want package:`waits Spread Throttler.Update Throttler.UpdateSpread WithRetries`

// Package parsedelay retries with a helper whose delay its callers give,
// one of them a duration parsed from configuration text.
package parsedelay

import (
	"math/rand"
	"time"
)

// WithRetries sleeps the delay it is given between attempts.
func WithRetries(n int, sleep time.Duration, f func() error) error { // want WithRetries:`retries at once when parameter 1 is 0`
	var err error
	for try := 0; try < n; try++ {
		if err = f(); err == nil {
			return nil
		}
		time.Sleep(sleep) // want `retry delay has no jitter`
	}
	return err
}

type Config struct{ Interval string }

type Throttler struct{ interval time.Duration }

func NewThrottler(c Config) (*Throttler, error) {
	d, err := time.ParseDuration(c.Interval)
	if err != nil {
		return nil, err
	}
	return &Throttler{interval: d}, nil
}

func (t *Throttler) Update(f func() error) error {
	return WithRetries(5, t.interval, f)
}

// Spread is the same helper, whose callers all add a random part.
func Spread(n int, sleep time.Duration, f func() error) error { // want Spread:`retries at once when parameter 1 is 0`
	var err error
	for try := 0; try < n; try++ {
		if err = f(); err == nil {
			return nil
		}
		time.Sleep(sleep)
	}
	return err
}

func (t *Throttler) UpdateSpread(f func() error) error {
	return Spread(5, t.interval+time.Duration(rand.Int63n(int64(t.interval))), f)
}
