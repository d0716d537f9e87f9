// Package carriers talks to the parcel carriers' APIs through the usual
// retry libraries.
package carriers

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/avast/retry-go/v4"
	backoff "github.com/cenkalti/backoff/v4"
	backoffv5 "github.com/cenkalti/backoff/v5"
	"github.com/go-resty/resty/v2"
	"github.com/hashicorp/go-retryablehttp"
	goretry "github.com/sethvargo/go-retry"
	"k8s.io/apimachinery/pkg/util/wait"

	"shipkit/apierr"
)

type Label struct{ ID string }

type Client struct {
	hc       *http.Client
	base     string
	tracking *retryablehttp.Client
	rates    *retryablehttp.Client
	quotes   *resty.Client
	lookup   *resty.Client
}

func newTracking() *retryablehttp.Client {
	rc := retryablehttp.NewClient()
	rc.RetryMax = 3
	rc.CheckRetry = func(ctx context.Context, resp *http.Response, err error) (bool, error) {
		if ctx.Err() != nil {
			return false, ctx.Err()
		}
		if err != nil {
			return true, nil
		}
		return !apierr.OK(resp.StatusCode), nil
	}
	return rc
}

func newRates() *retryablehttp.Client {
	rc := retryablehttp.NewClient()
	rc.CheckRetry = func(ctx context.Context, resp *http.Response, err error) (bool, error) {
		if err != nil {
			return true, nil
		}
		return resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500, nil
	}
	return rc
}

func New(base string) *Client {
	quotes := resty.New().SetBaseURL(base).SetRetryCount(3).
		AddRetryCondition(func(r *resty.Response, err error) bool {
			return err != nil || r.IsError()
		})
	lookup := resty.New().SetBaseURL(base).SetRetryCount(2).
		AddRetryCondition(func(r *resty.Response, err error) bool {
			return err != nil || r.StatusCode() >= 500
		})
	return &Client{hc: http.DefaultClient, base: base, tracking: newTracking(), rates: newRates(), quotes: quotes, lookup: lookup}
}

// --- reported ---

// Label reads a label; any status outside 2xx is a plain error, which
// backoff retries.
func (c *Client) Label(ctx context.Context, id string) (*Label, error) {
	return backoff.RetryWithData(func() (*Label, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.base+"/labels/"+id, nil)
		if err != nil {
			return nil, backoff.Permanent(err)
		}
		resp, err := c.hc.Do(req) // want `retry on any non-success status also retries 4xx responses`
		if err != nil {
			return nil, err
		}
		defer resp.Body.Close()
		if resp.StatusCode < 200 || resp.StatusCode >= 300 {
			return nil, fmt.Errorf("label %s: %s", id, resp.Status)
		}
		return &Label{ID: id}, nil
	}, backoff.NewExponentialBackOff())
}

// Void cancels a label; the shared checker turns every non-2xx into an
// error, and retry-go retries all errors.
func (c *Client) Void(ctx context.Context, id string) error {
	return retry.Do(func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodDelete, c.base+"/labels/"+id, nil)
		if err != nil {
			return retry.Unrecoverable(err)
		}
		resp, err := c.hc.Do(req) // want `retry on any non-success status`
		if err != nil {
			return err
		}
		if err := apierr.FromResponse(resp); err != nil {
			return err
		}
		apierr.Discard(resp)
		return nil
	}, retry.Attempts(3), retry.Context(ctx))
}

// Manifest wraps every non-200 in RetryableError.
func (c *Client) Manifest(ctx context.Context, day string) error {
	return goretry.Do(ctx, goretry.WithMaxRetries(3, goretry.NewExponential(time.Second)), func(ctx context.Context) error {
		resp, err := c.hc.Get(c.base + "/manifests/" + day) // want `retry on any non-success status`
		if err != nil {
			return goretry.RetryableError(err)
		}
		defer resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			return goretry.RetryableError(fmt.Errorf("manifest %s: %s", day, resp.Status))
		}
		return nil
	})
}

// AwaitPickup polls until the carrier reports the pickup; only a 200 ends
// the polling, so a 404 for a wrong ID is polled until the timeout.
func (c *Client) AwaitPickup(ctx context.Context, id string) error {
	return wait.PollUntilContextTimeout(ctx, time.Second, time.Minute, true, func(ctx context.Context) (bool, error) {
		resp, err := c.hc.Get(c.base + "/pickups/" + id) // want `retry on any non-success status`
		if err != nil {
			return false, nil
		}
		apierr.Discard(resp)
		return resp.StatusCode == http.StatusOK, nil
	})
}

// Release: every status from 300 up becomes an *apierr.Error.
func (c *Client) Release(ctx context.Context, id string) error {
	_, err := backoffv5.Retry(ctx, func() (struct{}, error) {
		resp, err := c.hc.Get(c.base + "/holds/" + id + "/release") // want `retry on any non-success status`
		if err != nil {
			return struct{}{}, err
		}
		apierr.Discard(resp)
		if resp.StatusCode > 299 {
			return struct{}{}, &apierr.Error{Code: resp.StatusCode}
		}
		return struct{}{}, nil
	})
	return err
}

// Track goes through a client whose CheckRetry retries all but 2xx.
func (c *Client) Track(ctx context.Context, id string) error {
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodGet, c.base+"/track/"+id, nil)
	if err != nil {
		return err
	}
	resp, err := c.tracking.Do(req) // want `the client's retry condition retries every non-success status`
	if err != nil {
		return err
	}
	apierr.Discard(resp)
	return nil
}

// Quote goes through a resty client whose condition retries IsError.
func (c *Client) Quote(ctx context.Context, zip string) error {
	_, err := c.quotes.R().SetContext(ctx).Get("/quotes/" + zip) // want `the client's retry condition retries every non-success status`
	return err
}

// Customs fetches a token, then the declaration whose status goes round:
// the report is at the send whose status is tested.
func (c *Client) Customs(ctx context.Context, id string) error {
	return backoff.Retry(func() error {
		tok, err := c.hc.Get(c.base + "/token")
		if err != nil {
			return err
		}
		apierr.Discard(tok)
		resp, err := c.hc.Get(c.base + "/customs/" + id) // want `retry on any non-success status`
		if err != nil {
			return err
		}
		apierr.Discard(resp)
		if resp.StatusCode != http.StatusOK {
			return fmt.Errorf("customs %s: %s", id, resp.Status)
		}
		return nil
	}, backoff.NewExponentialBackOff())
}

// getJSON sends a GET and fails on every status outside 2xx.
func (c *Client) getJSON(ctx context.Context, path string, out any) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.base+path, nil)
	if err != nil {
		return err
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode/100 != 2 {
		return &apierr.Error{Code: resp.StatusCode}
	}
	return nil
}

// getServerErr fails only on 5xx.
func (c *Client) getServerErr(ctx context.Context, path string) error {
	resp, err := c.hc.Get(c.base + path)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	return apierr.ServerFault(resp)
}

// Zones retries a helper that fails on every non-2xx.
func (c *Client) Zones(ctx context.Context) error {
	var zones []string
	return backoff.Retry(func() error {
		if err := c.getJSON(ctx, "/zones", &zones); err != nil { // want `retry on any non-success status`
			return fmt.Errorf("zones: %w", err)
		}
		return nil
	}, backoff.NewExponentialBackOff())
}

// --- not reported ---

// Regions retries a helper that fails only on 5xx.
func (c *Client) Regions(ctx context.Context) error {
	return backoff.Retry(func() error { // want `waits the retry helper.s own backoff and ignores the Retry-After`
		return c.getServerErr(ctx, "/regions")
	}, backoff.NewExponentialBackOff())
}

// LabelStrict: 4xx responses are permanent.
func (c *Client) LabelStrict(ctx context.Context, id string) error {
	return backoff.Retry(func() error { // want `waits the retry helper.s own backoff and ignores the Retry-After`
		resp, err := c.hc.Get(c.base + "/labels/" + id)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		if resp.StatusCode >= 400 && resp.StatusCode < 500 {
			return backoff.Permanent(fmt.Errorf("label %s: %s", id, resp.Status))
		}
		if resp.StatusCode != http.StatusOK {
			return fmt.Errorf("label %s: %s", id, resp.Status)
		}
		return nil
	}, backoff.NewExponentialBackOff())
}

// VoidServerErrors: only 5xx become an error; other statuses are checked
// after the retry.
func (c *Client) VoidServerErrors(ctx context.Context, id string) error {
	return retry.Do(func() error { // want `waits the retry helper.s own backoff and ignores the Retry-After`
		resp, err := c.hc.Get(c.base + "/void/" + id)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		return apierr.ServerFault(resp)
	}, retry.Attempts(3))
}

// ManifestRetryable: go-retry retries only what is wrapped, here 5xx.
func (c *Client) ManifestRetryable(ctx context.Context, day string) error {
	return goretry.Do(ctx, goretry.WithMaxRetries(3, goretry.NewExponential(time.Second)), func(ctx context.Context) error { // want `waits the retry helper.s own backoff and ignores the Retry-After`
		resp, err := c.hc.Get(c.base + "/manifests/" + day)
		if err != nil {
			return goretry.RetryableError(err)
		}
		defer resp.Body.Close()
		if resp.StatusCode >= 500 {
			return goretry.RetryableError(fmt.Errorf("manifest %s: %s", day, resp.Status))
		}
		if resp.StatusCode != http.StatusOK {
			return fmt.Errorf("manifest %s: %s", day, resp.Status)
		}
		return nil
	})
}

// VoidIf: retry-go's RetryIf decides what is retried.
func (c *Client) VoidIf(ctx context.Context, id string) error {
	return retry.Do(func() error {
		resp, err := c.hc.Get(c.base + "/void/" + id)
		if err != nil {
			return err
		}
		return apierr.FromResponse(resp)
	}, retry.Attempts(3), retry.RetryIf(func(err error) bool {
		var ae *apierr.Error
		return !errors.As(err, &ae) || apierr.Transient(ae.Code)
	}))
}

// AwaitPickupStrict: a 4xx ends the polling with an error.
func (c *Client) AwaitPickupStrict(ctx context.Context, id string) error {
	return wait.PollUntilContextTimeout(ctx, time.Second, time.Minute, true, func(ctx context.Context) (bool, error) { // want `waits the retry helper.s own backoff and ignores the Retry-After`
		resp, err := c.hc.Get(c.base + "/pickups/" + id)
		if err != nil {
			return false, nil
		}
		apierr.Discard(resp)
		if resp.StatusCode >= 400 && resp.StatusCode < 500 {
			return false, fmt.Errorf("pickup %s: %s", id, resp.Status)
		}
		return resp.StatusCode == http.StatusOK, nil
	})
}

// Classified: the closure hands its error to a classifier that may mark
// it permanent; what backoff retries is not known here.
func (c *Client) Classified(ctx context.Context, id string) error {
	return backoff.Retry(func() error {
		resp, err := c.hc.Get(c.base + "/labels/" + id)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			return classify(&apierr.Error{Code: resp.StatusCode})
		}
		return nil
	}, backoff.NewExponentialBackOff())
}

func classify(err error) error {
	var ae *apierr.Error
	if errors.As(err, &ae) && !apierr.Transient(ae.Code) {
		return backoff.Permanent(err)
	}
	return err
}

// Rates goes through a client that retries only 429 and 5xx.
func (c *Client) Rates(ctx context.Context) error {
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodGet, c.base+"/rates", nil)
	if err != nil {
		return err
	}
	resp, err := c.rates.Do(req)
	if err != nil {
		return err
	}
	apierr.Discard(resp)
	return nil
}

// Lookup: the resty condition retries 5xx only.
func (c *Client) Lookup(ctx context.Context, zip string) error {
	_, err := c.lookup.R().SetContext(ctx).Get("/zips/" + zip)
	return err
}
