// want package:`waits claimHooked claimJittered claimWithRetry jitteredBackoff`

// Package confbackoff reads its retry delay from a configuration whose
// users may set a function to compute it instead, the way Kafka clients
// do.
package confbackoff

import (
	"context"
	"errors"
	"math/rand"
	"time"
)

type Config struct {
	Retry struct {
		Max         int
		Backoff     time.Duration
		BackoffFunc func(retries, maxRetries int) time.Duration
	}
}

func NewConfig() *Config {
	c := &Config{}
	c.Retry.Max = 3
	c.Retry.Backoff = 250 * time.Millisecond
	return c
}

// computeBackoff calls the user's function when one is set; by default
// every client waits the same 250 ms.
func computeBackoff(conf *Config, attemptsRemaining int) time.Duration { // want computeBackoff:`delay\(random=false capped=false grows=false\)`
	if conf.Retry.BackoffFunc != nil {
		return conf.Retry.BackoffFunc(conf.Retry.Max-attemptsRemaining, conf.Retry.Max)
	}
	return conf.Retry.Backoff
}

// jitteredBackoff spreads its default.
func jitteredBackoff(conf *Config) time.Duration { // want jitteredBackoff:`delay\(random=true capped=false grows=false\)`
	if conf.Retry.BackoffFunc != nil {
		return conf.Retry.BackoffFunc(0, conf.Retry.Max)
	}
	d := conf.Retry.Backoff
	return d/2 + time.Duration(rand.Int63n(int64(d/2)+1))
}

func claim() error { return errors.New("leader not available") }

func claimWithRetry(ctx context.Context, conf *Config) error {
	retries := conf.Retry.Max
	for {
		err := claim()
		if err == nil || retries <= 0 {
			return err
		}
		retries--
		select {
		case <-ctx.Done():
			return err
		case <-time.After(computeBackoff(conf, retries)): // want `retry delay has no jitter`
		}
	}
}

func claimJittered(ctx context.Context, conf *Config) error {
	for retries := conf.Retry.Max; ; retries-- {
		err := claim()
		if err == nil || retries <= 0 {
			return err
		}
		select {
		case <-ctx.Done():
			return err
		case <-time.After(jitteredBackoff(conf)):
		}
	}
}

// hookOnly has no default of its own: the caller's function decides.
func hookOnly(conf *Config, n int) time.Duration {
	return conf.Retry.BackoffFunc(n, conf.Retry.Max)
}

func claimHooked(ctx context.Context, conf *Config) error {
	for retries := conf.Retry.Max; ; retries-- {
		err := claim()
		if err == nil || retries <= 0 {
			return err
		}
		time.Sleep(hookOnly(conf, retries))
	}
}
