package sites

import (
	"context"
	"net/http"
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

// An API client that replaces the retry decision with a method of its own,
// the way client libraries tune go-retryablehttp: a decision that retries
// server errors of any request retries a POST as the default policy does
// (not "custom"); one that reads the method, or retries only 429, is the
// author's choice ("custom").
type forgeClient struct {
	rc      *retryablehttp.Client
	reads   *retryablehttp.Client
	limited *retryablehttp.Client
	off     bool
}

func newForge() *forgeClient {
	f := &forgeClient{}
	f.rc = &retryablehttp.Client{
		CheckRetry:   f.retryCheck,
		HTTPClient:   http.DefaultClient,
		RetryWaitMin: 100 * time.Millisecond,
		RetryWaitMax: 400 * time.Millisecond,
		RetryMax:     5,
	}
	f.reads = &retryablehttp.Client{CheckRetry: idempotentOnly, RetryMax: 3}
	f.limited = retryablehttp.NewClient()
	f.limited.CheckRetry = func(ctx context.Context, resp *http.Response, err error) (bool, error) {
		return resp != nil && resp.StatusCode == http.StatusTooManyRequests, nil
	}
	return f
}

// retryCheck retries rate limits and server errors, unless switched off.
func (f *forgeClient) retryCheck(ctx context.Context, resp *http.Response, err error) (bool, error) {
	if ctx.Err() != nil {
		return false, ctx.Err()
	}
	if err != nil {
		return false, err
	}
	if !f.off && (resp.StatusCode == 429 || resp.StatusCode >= 500) {
		return true, nil
	}
	return false, nil
}

func idempotentOnly(ctx context.Context, resp *http.Response, err error) (bool, error) {
	if resp == nil || resp.Request.Method == http.MethodPost {
		return false, err
	}
	return resp.StatusCode >= 500, nil
}

func (f *forgeClient) calls(req *retryablehttp.Request) {
	_, _ = f.rc.Do(req)      // want `retrying client call attempts=6$`
	_, _ = f.reads.Do(req)   // want `retrying client call attempts=4 custom`
	_, _ = f.limited.Do(req) // want `retrying client call attempts=5 custom`
}
