// Package shipping is a carrier client whose calls retry through
// failsafe-go: an executor around the request, and a transport that
// retries every request sent through it.
package shipping

import (
	"bytes"
	"context"
	"net/http"
	"time"

	"github.com/failsafe-go/failsafe-go"
	"github.com/failsafe-go/failsafe-go/circuitbreaker"
	"github.com/failsafe-go/failsafe-go/failsafehttp"
	"github.com/failsafe-go/failsafe-go/retrypolicy"
)

type Client struct {
	base    string
	hc      *http.Client // retries through failsafehttp
	guarded *http.Client // a circuit breaker only: sends once
}

func New(base string) *Client {
	rp := failsafehttp.NewRetryPolicyBuilder().WithBackoff(time.Second, 30*time.Second).WithJitterFactor(0.2).Build()
	cb := circuitbreaker.NewWithDefaults[*http.Response]()
	return &Client{
		base:    base,
		hc:      &http.Client{Transport: failsafehttp.NewRoundTripper(nil, rp), Timeout: 10 * time.Second},
		guarded: &http.Client{Transport: failsafehttp.NewRoundTripper(nil, cb)},
	}
}

// Book posts a shipment through the retrying transport without a key.
func (c *Client) Book(ctx context.Context, body []byte) error { // want Book:`sends unkeyed POST \(retried=true\)`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+"/shipments", bytes.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := c.hc.Do(req) // want `POST request is retried without an Idempotency-Key header`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// BookKeyed sends the caller's key: silent.
func (c *Client) BookKeyed(ctx context.Context, key string, body []byte) error { // want BookKeyed:`sends POST keyed by param 1`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+"/shipments", bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", key)
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Track is a GET: silent.
func (c *Client) Track(ctx context.Context, id string) error {
	resp, err := c.hc.Get(c.base + "/shipments/" + id)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Cancel posts through the circuit breaker only, which sends once: silent.
func (c *Client) Cancel(ctx context.Context, id string) error { // want Cancel:`sends unkeyed POST \(retried=false\)`
	resp, err := c.guarded.Post(c.base+"/shipments/"+id+"/cancel", "application/json", nil)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Label posts inside an executor that retries, without a key.
func (c *Client) Label(ctx context.Context, id string) (*http.Response, error) { // want Label:`sends unkeyed POST \(retried=true\)`
	rp := retrypolicy.NewBuilder[*http.Response]().WithBackoff(time.Second, 30*time.Second).WithJitterFactor(0.2).Build()
	return failsafe.With(rp).WithContext(ctx).Get(func() (*http.Response, error) {
		return http.Post(c.base+"/labels/"+id, "application/json", nil) // want `POST request is retried without an Idempotency-Key header`
	})
}

// Quote posts through an executor with a circuit breaker only: silent.
func (c *Client) Quote(ctx context.Context) (*http.Response, error) {
	cb := circuitbreaker.NewWithDefaults[*http.Response]()
	return failsafe.With[*http.Response](cb).Get(func() (*http.Response, error) {
		return http.Post(c.base+"/quotes", "application/json", nil)
	})
}

// Manifest wraps the POST in a request that retries it.
func (c *Client) Manifest(ctx context.Context, body []byte) error { // want Manifest:`sends unkeyed POST \(retried=true\)`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+"/manifests", bytes.NewReader(body))
	if err != nil {
		return err
	}
	rp := failsafehttp.NewRetryPolicyBuilder().WithBackoff(time.Second, 30*time.Second).WithJitterFactor(0.2).Build()
	resp, err := failsafehttp.NewRequest(req, http.DefaultClient, rp).Do() // want `POST request is retried without an Idempotency-Key header`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// ManifestKeyed sends a key made once: silent.
func (c *Client) ManifestKeyed(ctx context.Context, key string, body []byte) error { // want ManifestKeyed:`sends POST keyed by param 1`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+"/manifests", bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", key)
	rp := failsafehttp.NewRetryPolicyBuilder().WithBackoff(time.Second, 30*time.Second).WithJitterFactor(0.2).Build()
	fr := failsafehttp.NewRequest(req, http.DefaultClient, rp)
	resp, err := fr.Do()
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Rates wraps a POST with a circuit breaker only: sent once, silent here.
func (c *Client) Rates(ctx context.Context) error { // want Rates:`sends unkeyed POST \(retried=false\)`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+"/rates", nil)
	if err != nil {
		return err
	}
	resp, err := failsafehttp.NewRequest(req, http.DefaultClient, circuitbreaker.NewWithDefaults[*http.Response]()).Do()
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Pickups keeps its executors in fields.
type Pickups struct {
	base    string
	retry   failsafe.Executor[*http.Response]
	breaker failsafe.Executor[*http.Response]
}

func NewPickups(base string) *Pickups {
	rp := retrypolicy.NewBuilder[*http.Response]().WithBackoff(time.Second, 30*time.Second).WithJitterFactor(0.2).Build()
	return &Pickups{base: base, retry: failsafe.With(rp), breaker: failsafe.With[*http.Response](circuitbreaker.NewWithDefaults[*http.Response]())}
}

// Schedule posts through the retrying executor.
func (p *Pickups) Schedule(ctx context.Context) (*http.Response, error) { // want Schedule:`sends unkeyed POST \(retried=true\)`
	return p.retry.WithContext(ctx).Get(func() (*http.Response, error) {
		return http.Post(p.base+"/pickups", "application/json", nil) // want `POST request is retried without an Idempotency-Key header`
	})
}

// Reschedule posts through the circuit breaker only: silent.
func (p *Pickups) Reschedule(ctx context.Context) (*http.Response, error) {
	return p.breaker.Get(func() (*http.Response, error) {
		return http.Post(p.base+"/pickups/move", "application/json", nil)
	})
}
