// Package retrygov5 retries with retry-go v5, whose options are given
// where the retrier is built: retry.New(opts...).Do(op).
package retrygov5

import (
	"context"
	"time"

	"github.com/avast/retry-go/v5"
)

func send() error { return nil }

// Fixed waits the same second every time.
func Fixed() error {
	return retry.New(retry.Attempts(5), retry.DelayType(retry.FixedDelay)).Do(send) // want `retry.DelayType\(retry.FixedDelay\) has no jitter`
}

// Doubling doubles without jitter, through a retrier kept in a variable.
func Doubling() (int, error) {
	r := retry.NewWithData[int](retry.Attempts(5), retry.DelayType(retry.BackOffDelay)) // want `retry.DelayType\(retry.BackOffDelay\) has no jitter`
	return r.Do(func() (int, error) { return 0, send() })
}

// NoSpread switches RandomDelay's jitter off: v5's RandomDelay adds
// nothing when MaxJitter is 0.
func NoSpread() error {
	return retry.New(retry.Attempts(5), retry.MaxJitter(0)).Do(send) // want `retry.MaxJitter\(0\) makes RandomDelay add nothing`
}

// Client keeps its retrier, built with a fixed delay.
type Client struct{ r *retry.Retrier }

func NewClient() *Client {
	return &Client{r: retry.New(retry.Attempts(3), retry.Delay(time.Second), retry.DelayType(retry.FixedDelay))} // want `retry.DelayType\(retry.FixedDelay\) has no jitter`
}

func (c *Client) Send() error {
	return c.r.Do(send) // reported where it is built
}

// --- silent ---

// Default is 10 attempts, BackOffDelay plus RandomDelay.
func Default(ctx context.Context) error {
	return retry.New(retry.Context(ctx)).Do(send)
}

// Combined adds RandomDelay to a fixed delay.
func Combined() error {
	return retry.New(retry.DelayType(retry.CombineDelay(retry.FixedDelay, retry.RandomDelay)), retry.MaxJitter(time.Second)).Do(send)
}

// FullJitter picks a random delay under the cap; MaxJitter does not matter.
func FullJitter() error {
	return retry.New(retry.DelayType(retry.FullJitterBackoffDelay), retry.MaxDelay(time.Minute), retry.MaxJitter(0)).Do(send)
}
