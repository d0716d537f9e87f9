// Package failsafejit is a payments client that retries through
// failsafe-go policies, and a consumer that retries its handlers with
// watermill's Retry middleware.
package failsafejit

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/ThreeDotsLabs/watermill/message/router/middleware"
	"github.com/failsafe-go/failsafe-go"
	"github.com/failsafe-go/failsafe-go/failsafehttp"
	"github.com/failsafe-go/failsafe-go/retrypolicy"
)

var errUnavailable = errors.New("unavailable")

type Receipt struct{ ID string }

type Client struct {
	base string
}

func (c *Client) charge(ctx context.Context, amount int) (*Receipt, error) { return &Receipt{}, nil }

// Charge retries with the builder's defaults: three attempts, at once.
func (c *Client) Charge(ctx context.Context, amount int) (*Receipt, error) {
	rp := retrypolicy.NewBuilder[*Receipt]().HandleErrors(errUnavailable).Build() // want `retrypolicy.NewBuilder retries at once, with no delay between attempts`
	return failsafe.With(rp).WithContext(ctx).Get(func() (*Receipt, error) {
		return c.charge(ctx, amount)
	})
}

// Refund waits a fixed second between attempts: every client waits the same.
func (c *Client) Refund(ctx context.Context, id string) error {
	rp := retrypolicy.NewBuilder[any]().
		WithMaxRetries(4).
		WithDelay(time.Second). // want `the retry policy's WithDelay has no jitter`
		Build()
	return failsafe.With[any](rp).Run(func() error {
		_, err := c.charge(ctx, 0)
		return err
	})
}

// Capture backs off exponentially, capped, but without jitter; the
// builder is configured statement by statement.
func (c *Client) Capture(ctx context.Context, id string) (*Receipt, error) {
	b := retrypolicy.NewBuilder[*Receipt]()
	b.WithMaxAttempts(5)
	b.WithBackoff(100*time.Millisecond, 5*time.Second) // want `the retry policy's WithBackoff has no jitter`
	return failsafe.With(b.Build()).Get(func() (*Receipt, error) {
		return c.charge(ctx, 1)
	})
}

// Void is jittered and capped: silent.
func (c *Client) Void(ctx context.Context, id string) (*Receipt, error) {
	rp := retrypolicy.NewBuilder[*Receipt]().
		WithBackoff(100*time.Millisecond, 5*time.Second).
		WithJitterFactor(0.2).
		Build()
	return failsafe.With(rp).Get(func() (*Receipt, error) {
		return c.charge(ctx, 2)
	})
}

// Settle uses a random delay, which is its own jitter: silent.
func (c *Client) Settle(ctx context.Context) error {
	b := retrypolicy.NewBuilder[any]()
	b.WithRandomDelay(100*time.Millisecond, time.Second)
	return failsafe.With[any](b.Build()).Run(func() error { return nil })
}

// Jittered adds a fixed jitter to a fixed delay: silent.
func (c *Client) Jittered(ctx context.Context) error {
	rp := retrypolicy.NewBuilder[any]().WithDelay(time.Second).WithJitter(250 * time.Millisecond).Build()
	return failsafe.With[any](rp).Run(func() error { return nil })
}

// Paced retries at once, but each attempt waits for the server's pacing
// first: the retries are not hot.
func (c *Client) Paced(ctx context.Context) error {
	rp := retrypolicy.NewBuilder[any]().Build()
	return failsafe.With[any](rp).Run(func() error {
		time.Sleep(time.Second)
		return nil
	})
}

// HTTPPolicy builds the transport's policy: failsafehttp's builder waits
// only for Retry-After.
func HTTPPolicy() retrypolicy.RetryPolicy[*http.Response] { // want HTTPPolicy:`policy retries at once \(failsafehttp.NewRetryPolicyBuilder waits only for Retry-After\)`
	return failsafehttp.NewRetryPolicyBuilder().WithMaxRetries(3).Build() // want `failsafehttp.NewRetryPolicyBuilder retries at once unless a response carries Retry-After`
}

// HTTPBackoff adds a jittered backoff: silent.
func HTTPBackoff() retrypolicy.RetryPolicy[*http.Response] {
	return failsafehttp.NewRetryPolicyBuilder().WithBackoff(time.Second, time.Minute).WithJitterFactor(0.1).Build()
}

// Breaker is no retry at all: a policy built by another builder.
func Breaker(ctx context.Context, c *Client, p failsafe.Policy[*Receipt]) (*Receipt, error) {
	return failsafe.With(p).Get(func() (*Receipt, error) { return c.charge(ctx, 3) })
}

// Router retries handlers in process with watermill's middleware.
func Router(r *message.Router) {
	_ = middleware.Retry{MaxRetries: 3, InitialInterval: 100 * time.Millisecond, Multiplier: 2} // want `middleware.Retry leaves RandomizationFactor at 0`
	_ = middleware.Retry{MaxRetries: 5}                                                         // want `middleware.Retry leaves InitialInterval at 0, so it retries at once`
	_ = middleware.Retry{MaxRetries: 3, InitialInterval: time.Second, MaxInterval: 10 * time.Second, Multiplier: 2, RandomizationFactor: 0.5}
	_ = middleware.Retry{InitialInterval: time.Second} // MaxRetries 0: no retries
}

// Ledger keeps its executor in a field, built where the ledger is.
type Ledger struct {
	exec failsafe.Executor[any]
}

func NewLedger() *Ledger {
	rp := retrypolicy.NewBuilder[any]().WithDelay(time.Second).Build() // want `the retry policy's WithDelay has no jitter`
	return &Ledger{exec: failsafe.With[any](rp)}
}

// Post retries through the stored executor.
func (l *Ledger) Post(ctx context.Context) error {
	return l.exec.WithContext(ctx).Run(func() error { return nil }) // reported where it is built
}

// Refund uses the same executor: one report, where the policy is built.
func (l *Ledger) Refund(ctx context.Context) error {
	return l.exec.WithContext(ctx).Run(func() error { return nil })
}

// NewHTTPClient retries every request at once, through its transport.
func NewHTTPClient() *http.Client {
	rp := failsafehttp.NewRetryPolicyBuilder().WithMaxRetries(2).Build() // want `failsafehttp.NewRetryPolicyBuilder retries at once unless a response carries Retry-After`
	return &http.Client{Transport: failsafehttp.NewRoundTripper(nil, rp)}
}

// NewPacedClient backs off with jitter: silent.
func NewPacedClient() *http.Client {
	rp := failsafehttp.NewRetryPolicyBuilder().WithBackoff(time.Second, time.Minute).WithJitterFactor(0.2).Build()
	return &http.Client{Transport: failsafehttp.NewRoundTripper(nil, rp)}
}

// Upload wraps one request with a fixed delay and no jitter.
func Upload(req *http.Request) (*http.Response, error) {
	rp := failsafehttp.NewRetryPolicyBuilder().WithDelay(time.Second).Build() // want `the retry policy's WithDelay has no jitter`
	return failsafehttp.NewRequest(req, http.DefaultClient, rp).Do()
}
