// Package policydep is a service's shared retry policies: each is judged
// where it is built, whoever retries with it.
package policydep

import (
	"time"

	retrygo "github.com/avast/retry-go/v4"
	backoff "github.com/cenkalti/backoff/v4"
	backoffv5 "github.com/cenkalti/backoff/v5"
	retry "github.com/sethvargo/go-retry"
)

// Config is read from the environment.
type Config struct {
	Base   time.Duration
	Spread float64
}

// Literal builds the policy as a struct literal and switches jitter off.
func Literal(c Config) *backoff.ExponentialBackOff { // want Literal:`policy has no jitter \(RandomizationFactor: 0\)`
	return &backoff.ExponentialBackOff{
		InitialInterval:     c.Base,
		RandomizationFactor: 0, // want `RandomizationFactor: 0 removes the backoff's jitter`
		Multiplier:          2,
		MaxInterval:         time.Minute,
		MaxElapsedTime:      5 * time.Minute,
	}
}

// Partial leaves RandomizationFactor out of the literal: it is zero.
func Partial() backoffv5.BackOff { // want Partial:`policy has no jitter \(an ExponentialBackOff literal without RandomizationFactor\)`
	return &backoffv5.ExponentialBackOff{InitialInterval: time.Second, Multiplier: 2, MaxInterval: time.Minute} // want `ExponentialBackOff literal leaves RandomizationFactor at 0`
}

// Client keeps the policy its reconnects use.
type Client struct {
	cfg Config
}

// reconnectPolicy switches jitter off in a method, then bounds the retries.
func (c *Client) reconnectPolicy() backoff.BackOff { // want reconnectPolicy:`policy has no jitter \(RandomizationFactor = 0\)`
	b := backoff.NewExponentialBackOff()
	b.InitialInterval = c.cfg.Base
	b.RandomizationFactor = 0 // want `RandomizationFactor = 0 removes the backoff's jitter`
	return backoff.WithMaxRetries(b, 8)
}

// Connect retries with the method's policy: reported where it is built.
func (c *Client) Connect() error {
	return backoff.Retry(func() error { return nil }, c.reconnectPolicy())
}

// Steady is given to backoff v5's Retry through WithBackOff.
func Steady(d time.Duration) []backoffv5.RetryOption { // want Steady:`policy has no jitter \(a constant backoff\)`
	return []backoffv5.RetryOption{backoffv5.WithMaxTries(5), backoffv5.WithBackOff(backoffv5.NewConstantBackOff(d))} // want `a constant backoff has no jitter`
}

// FixedRetry returns retry-go options for n attempts, d apart.
func FixedRetry(n uint, d time.Duration) []retrygo.Option { // want FixedRetry:`policy has no jitter \(retry.DelayType\(retry.FixedDelay\)\)`
	return []retrygo.Option{
		retrygo.Attempts(n),
		retrygo.Delay(d),
		retrygo.DelayType(retrygo.FixedDelay), // want `retry.DelayType\(retry.FixedDelay\) has no jitter`
	}
}

// Exponential appends its delay type to a base list.
func Exponential(n uint) []retrygo.Option { // want Exponential:`policy has no jitter \(retry.DelayType\(retry.BackOffDelay\)\)`
	opts := []retrygo.Option{retrygo.Attempts(n)}
	opts = append(opts, retrygo.DelayType(retrygo.BackOffDelay)) // want `retry.DelayType\(retry.BackOffDelay\) has no jitter`
	return opts
}

// Look-alikes that must stay silent.

// Jittered keeps the library's jitter and cap.
func Jittered() backoff.BackOff {
	return backoff.NewExponentialBackOff(backoff.WithInitialInterval(time.Second), backoff.WithMaxInterval(time.Minute))
}

// Spread sets the jitter from configuration.
func Spread(c Config) *backoff.ExponentialBackOff {
	b := backoff.NewExponentialBackOff()
	b.RandomizationFactor = c.Spread
	return b
}

// LiteralThenJitter builds the literal without jitter and sets it after.
func LiteralThenJitter() *backoffv5.ExponentialBackOff {
	b := &backoffv5.ExponentialBackOff{InitialInterval: time.Second, Multiplier: 2, MaxInterval: time.Minute}
	b.RandomizationFactor = 0.3
	return b
}

// JitteredRetry combines BackOffDelay with RandomDelay.
func JitteredRetry(n uint) []retrygo.Option {
	return []retrygo.Option{
		retrygo.Attempts(n),
		retrygo.MaxJitter(500 * time.Millisecond),
		retrygo.DelayType(retrygo.CombineDelay(retrygo.BackOffDelay, retrygo.RandomDelay)),
	}
}

// Bounded is a bare go-retry backoff wrapped in a limit only: its callers
// may add the jitter, so it is judged where it is used.
func Bounded(base time.Duration) retry.Backoff { // want Bounded:`policy has no jitter and no cap on its delay \(retry.NewExponential\)`
	return retry.WithMaxRetries(5, retry.NewExponential(base))
}
