// Package failsafes retries through failsafe-go policies and watermill's
// Retry middleware, against the real modules.
package failsafes

import (
	"bytes"
	"context"
	"net/http"
	"time"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/ThreeDotsLabs/watermill/message/router/middleware"
	"github.com/failsafe-go/failsafe-go"
	"github.com/failsafe-go/failsafe-go/failsafehttp"
	"github.com/failsafe-go/failsafe-go/retrypolicy"
)

// Gateway is a payment gateway's client.
type Gateway struct {
	base string
	hc   *http.Client
}

// NewGateway sends every request through a transport that retries.
func NewGateway(base string) *Gateway {
	rp := failsafehttp.NewRetryPolicyBuilder().WithBackoff(time.Second, 30*time.Second).WithJitterFactor(0.2).Build()
	return &Gateway{base: base, hc: &http.Client{Transport: failsafehttp.NewRoundTripper(nil, rp)}}
}

// NewStatusClient retries every request through its transport at once.
func NewStatusClient() *http.Client {
	rp := failsafehttp.NewRetryPolicyBuilder().Build()
	return &http.Client{Transport: failsafehttp.NewRoundTripper(nil, rp)}
}

// Charge posts without an idempotency key through the retrying transport.
func (g *Gateway) Charge(ctx context.Context, body []byte) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, g.base+"/charges", bytes.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := g.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// ChargeKeyed sends the caller's key: silent.
func (g *Gateway) ChargeKeyed(ctx context.Context, key string, body []byte) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, g.base+"/charges", bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", key)
	resp, err := g.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Status retries at once and with no limit.
func (g *Gateway) Status(ctx context.Context, id string) error {
	rp := retrypolicy.NewBuilder[any]().WithMaxRetries(-1).Build()
	return failsafe.With(rp).Run(func() error { return g.send(ctx, id) })
}

// Refund waits a fixed delay with no jitter.
func (g *Gateway) Refund(ctx context.Context, id string) error {
	rp := retrypolicy.NewBuilder[any]().WithMaxRetries(3).WithDelay(time.Second).Build()
	return failsafe.With(rp).WithContext(ctx).Run(func() error { return g.send(ctx, id) })
}

// Void is jittered, capped and bounded by a duration: silent.
func (g *Gateway) Void(ctx context.Context, id string) error {
	rp := retrypolicy.NewBuilder[any]().
		WithMaxRetries(-1).
		WithMaxDuration(2*time.Minute).
		WithBackoff(100*time.Millisecond, 10*time.Second).
		WithJitterFactor(0.25).
		Build()
	return failsafe.With(rp).Run(func() error { return g.send(ctx, id) })
}

func (g *Gateway) send(ctx context.Context, id string) error { return nil }

// Route retries the router's handlers in process.
func Route(r *message.Router) {
	r.AddMiddleware(
		middleware.Retry{MaxRetries: -1, InitialInterval: 100 * time.Millisecond, Multiplier: 2}.Middleware,
	)
	r.AddMiddleware(middleware.Retry{
		MaxRetries:          3,
		InitialInterval:     100 * time.Millisecond,
		MaxInterval:         10 * time.Second,
		Multiplier:          2,
		RandomizationFactor: 0.5,
	}.Middleware)
}
