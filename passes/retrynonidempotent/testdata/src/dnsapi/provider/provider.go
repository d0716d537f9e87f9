// Package provider builds the DNS API clients the ACME challenge uses.
package provider

import (
	"context"
	"net/http"
	"time"

	"github.com/hashicorp/go-retryablehttp"

	"dnsapi/debugwrap"
	"dnsapi/keyedclient"
	"dnsapi/zoneclient"
)

type Config struct {
	HTTPClient *http.Client
	Retries    int
}

type Provider struct {
	client *zoneclient.Client
}

// New sends the record creates through a retrying client: a create that
// timed out is POSTed again.
func New(cfg Config) *Provider {
	retryClient := retryablehttp.NewClient()
	retryClient.RetryMax = 5
	retryClient.HTTPClient = cfg.HTTPClient
	client := zoneclient.NewClient(debugwrap.Wrap(retryClient.StandardClient())) // want `NewClient keeps this retrying client in its HTTPClient field, and RecordService.Create sends a POST request through it without an Idempotency-Key header`
	return &Provider{client: client}
}

// NewDirect hands the standard client over without a wrapper.
func NewDirect() *zoneclient.Client {
	rc := retryablehttp.NewClient()
	return zoneclient.NewClient(rc.StandardClient()) // want `NewClient keeps this retrying client in its HTTPClient field`
}

// NewPlain uses a client that sends once.
func NewPlain() *zoneclient.Client {
	return zoneclient.NewClient(&http.Client{Timeout: 30 * time.Second})
}

// NewConfigured uses the caller's client.
func NewConfigured(cfg Config) *zoneclient.Client {
	return zoneclient.NewClient(cfg.HTTPClient)
}

// NewNoRetries turns the retries off.
func NewNoRetries() *zoneclient.Client {
	rc := retryablehttp.NewClient()
	rc.RetryMax = 0
	return zoneclient.NewClient(rc.StandardClient())
}

// NewOwnCheck decides itself what to retry (a policy that may leave POST
// alone).
func NewOwnCheck() *zoneclient.Client {
	rc := retryablehttp.NewClient()
	rc.CheckRetry = func(ctx context.Context, resp *http.Response, err error) (bool, error) {
		return err != nil && ctx.Err() == nil, nil
	}
	return zoneclient.NewClient(rc.StandardClient())
}

// NewFresh passes a helper that builds a client of its own.
func NewFresh() *zoneclient.Client {
	rc := retryablehttp.NewClient()
	return zoneclient.NewClient(debugwrap.Fresh(rc.StandardClient()))
}

// NewReader keeps a retrying client for GETs only.
func NewReader() *zoneclient.Reader {
	rc := retryablehttp.NewClient()
	return zoneclient.NewReader(rc.StandardClient())
}

// NewKeyed retries creates that carry one key per call.
func NewKeyed() *keyedclient.Client {
	rc := retryablehttp.NewClient()
	return keyedclient.New(rc.StandardClient(), "https://api.zones.example/v2")
}
