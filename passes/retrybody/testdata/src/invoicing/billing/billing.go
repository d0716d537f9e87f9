// Package billing sends invoices through the usual retry libraries.
package billing

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/avast/retry-go/v4"
	backoff "github.com/cenkalti/backoff/v4"
	"github.com/hashicorp/go-retryablehttp"
	goretry "github.com/sethvargo/go-retry"
	"k8s.io/apimachinery/pkg/util/wait"

	"invoicing/reqs"
)

type Invoice struct{ ID string }

type Client struct {
	hc   *http.Client
	rc   *retryablehttp.Client
	base string
}

func (c *Client) policy() goretry.Backoff {
	return goretry.WithMaxRetries(3, goretry.NewExponential(time.Second))
}

// --- reported: request bodies ---

// Send: the request and its JSON body are built once by reqs.JSON.
func (c *Client) Send(ctx context.Context, inv Invoice) error {
	req, err := reqs.JSON(ctx, http.MethodPut, c.base+"/invoices/"+inv.ID, inv)
	if err != nil {
		return err
	}
	return retry.Do(func() error {
		resp, err := c.hc.Do(req) // want `request body is read to the end by the first attempt`
		if err != nil {
			return err
		}
		if err := reqs.Check(resp); err != nil {
			return retry.Unrecoverable(err)
		}
		reqs.Close(resp)
		return nil
	}, retry.Attempts(3))
}

// Lines: a bytes.Buffer built once, wrapped by reqs.New before the retry.
func (c *Client) Lines(ctx context.Context, id string, lines []string) error {
	var buf bytes.Buffer
	for _, l := range lines {
		buf.WriteString(l + "\n")
	}
	req, err := reqs.New(ctx, http.MethodPut, c.base+"/invoices/"+id+"/lines", &buf)
	if err != nil {
		return err
	}
	return goretry.Do(ctx, c.policy(), func(ctx context.Context) error {
		resp, err := c.hc.Do(req) // want `request body is read to the end`
		if err != nil {
			return goretry.RetryableError(err)
		}
		reqs.Close(resp)
		return nil
	})
}

// Note: Body set once before the loop.
func (c *Client) Note(ctx context.Context, id, text string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, c.base+"/invoices/"+id+"/note", nil)
	if err != nil {
		return err
	}
	req.Body = io.NopCloser(strings.NewReader(text))
	for attempt := 0; attempt < 3; attempt++ {
		resp, err := c.hc.Do(req) // want `request body is read to the end`
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		reqs.Close(resp)
		return nil
	}
	return fmt.Errorf("note %s: gave up", id)
}

// Stamp: each attempt sends a copy with its own timeout, but the copy
// shares the body.
func (c *Client) Stamp(ctx context.Context, id string, body []byte) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+"/invoices/"+id+"/stamp", bytes.NewReader(body))
	if err != nil {
		return err
	}
	for attempt := 0; attempt < 3; attempt++ {
		actx, cancel := context.WithTimeout(ctx, 5*time.Second)
		resp, err := c.hc.Do(req.WithContext(actx)) // want `request body is read to the end`
		cancel()
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		reqs.Close(resp)
		return nil
	}
	return fmt.Errorf("stamp %s: gave up", id)
}

// Attach: a new request per attempt around the caller's reader.
func (c *Client) Attach(ctx context.Context, id string, r io.Reader) error {
	return backoff.Retry(func() error {
		req, err := reqs.New(ctx, http.MethodPut, c.base+"/invoices/"+id+"/pdf", r)
		if err != nil {
			return backoff.Permanent(err)
		}
		resp, err := c.hc.Do(req) // want `request body is read to the end`
		if err != nil {
			return err
		}
		reqs.Close(resp)
		return nil
	}, backoff.NewExponentialBackOff())
}

// --- reported: response bodies ---

// Status: a 5xx goes round with the body open.
func (c *Client) Status(ctx context.Context, id string) (string, error) {
	return goretry.DoValue(ctx, c.policy(), func(ctx context.Context) (string, error) {
		resp, err := c.hc.Get(c.base + "/invoices/" + id + "/status") // want `response body is not closed when the attempt fails on its status`
		if err != nil {
			return "", goretry.RetryableError(err)
		}
		if resp.StatusCode >= 500 {
			return "", goretry.RetryableError(fmt.Errorf("status %s: %s", id, resp.Status))
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		return string(b), err
	})
}

// Total: a decode failure goes round with the body open.
func (c *Client) Total(ctx context.Context, id string) (int, error) {
	return retry.DoWithData(func() (int, error) {
		resp, err := c.hc.Get(c.base + "/invoices/" + id + "/total") // want `response body is not closed when reading the response fails`
		if err != nil {
			return 0, err
		}
		if err := reqs.Check(resp); err != nil {
			return 0, retry.Unrecoverable(err)
		}
		var total int
		if err := json.NewDecoder(resp.Body).Decode(&total); err != nil {
			return 0, fmt.Errorf("decode total: %w", err)
		}
		resp.Body.Close()
		return total, nil
	}, retry.Attempts(3))
}

// Settled polls with the body of a 5xx left open.
func (c *Client) Settled(ctx context.Context, id string) error {
	return wait.PollUntilContextTimeout(ctx, time.Second, time.Minute, true, func(ctx context.Context) (bool, error) {
		resp, err := c.hc.Get(c.base + "/invoices/" + id + "/settled") // want `response body is not closed when the attempt fails on its status`
		if err != nil {
			return false, nil
		}
		if resp.StatusCode >= 500 {
			return false, nil
		}
		reqs.Close(resp)
		return resp.StatusCode == http.StatusOK, nil
	})
}

// Limits: the 429 branch reads Retry-After and goes round without a close.
func (c *Client) Limits(ctx context.Context) error {
	for attempt := 0; attempt < 4; attempt++ {
		resp, err := c.hc.Get(c.base + "/limits") // want `response body is not closed when the attempt fails on its status`
		if err != nil {
			return err
		}
		if resp.StatusCode == http.StatusTooManyRequests {
			secs, _ := strconv.Atoi(resp.Header.Get("Retry-After"))
			time.Sleep(time.Duration(secs) * time.Second)
			continue
		}
		return reqs.Check(resp)
	}
	return nil
}

// --- not reported ---

// SendFresh builds the request and its body in every attempt.
func (c *Client) SendFresh(ctx context.Context, inv Invoice) error {
	return retry.Do(func() error {
		req, err := reqs.JSON(ctx, http.MethodPut, c.base+"/invoices/"+inv.ID, inv)
		if err != nil {
			return retry.Unrecoverable(err)
		}
		resp, err := c.hc.Do(req)
		if err != nil {
			return err
		}
		reqs.Close(resp)
		return nil
	}, retry.Attempts(3))
}

// LinesFresh wraps the bytes in a new reader per attempt.
func (c *Client) LinesFresh(ctx context.Context, id string, b []byte) error {
	return goretry.Do(ctx, c.policy(), func(ctx context.Context) error {
		req, err := reqs.New(ctx, http.MethodPut, c.base+"/invoices/"+id+"/lines", bytes.NewReader(b))
		if err != nil {
			return err
		}
		resp, err := c.hc.Do(req)
		if err != nil {
			return goretry.RetryableError(err)
		}
		reqs.Close(resp)
		return nil
	})
}

// Rewind takes a fresh body from GetBody before every retry.
func (c *Client) Rewind(ctx context.Context, id string, b []byte) error {
	req, err := reqs.New(ctx, http.MethodPut, c.base+"/invoices/"+id, bytes.NewReader(b))
	if err != nil {
		return err
	}
	for attempt := 0; attempt < 3; attempt++ {
		if attempt > 0 {
			body, err := req.GetBody()
			if err != nil {
				return err
			}
			req.Body = body
		}
		resp, err := c.hc.Do(req)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		reqs.Close(resp)
		return nil
	}
	return nil
}

// Probe sends no body.
func (c *Client) Probe(ctx context.Context) error {
	req, err := reqs.New(ctx, http.MethodGet, c.base+"/health", nil)
	if err != nil {
		return err
	}
	return backoff.Retry(func() error {
		resp, err := c.hc.Do(req)
		if err != nil {
			return err
		}
		reqs.Close(resp)
		return nil
	}, backoff.NewExponentialBackOff())
}

// Resend goes through go-retryablehttp, which rewinds the body.
func (c *Client) Resend(ctx context.Context, b []byte) error {
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodPut, c.base+"/resend", b)
	if err != nil {
		return err
	}
	resp, err := c.rc.Do(req)
	if err != nil {
		return err
	}
	reqs.Close(resp)
	return nil
}

// StatusClosed: a per-attempt function defers the close.
func (c *Client) StatusClosed(ctx context.Context, id string) (string, error) {
	return goretry.DoValue(ctx, c.policy(), func(ctx context.Context) (string, error) {
		resp, err := c.hc.Get(c.base + "/invoices/" + id + "/status")
		if err != nil {
			return "", goretry.RetryableError(err)
		}
		defer resp.Body.Close()
		if resp.StatusCode >= 500 {
			return "", goretry.RetryableError(fmt.Errorf("status %s: %s", id, resp.Status))
		}
		b, err := io.ReadAll(resp.Body)
		return string(b), err
	})
}

// TotalChecked: the checker closes the body of every failure it returns,
// and a decode failure is not retried.
func (c *Client) TotalChecked(ctx context.Context, id string) (int, error) {
	return backoff.RetryWithData(func() (int, error) {
		resp, err := c.hc.Get(c.base + "/invoices/" + id + "/total")
		if err != nil {
			return 0, err
		}
		if err := reqs.Check(resp); err != nil {
			return 0, err
		}
		defer resp.Body.Close()
		var total int
		if err := json.NewDecoder(resp.Body).Decode(&total); err != nil {
			return 0, backoff.Permanent(err)
		}
		return total, nil
	}, backoff.NewExponentialBackOff())
}

// resend sends what its callers built, again after a network error.
func (c *Client) resend(req *http.Request) (*http.Response, error) { // want resend:"^sends request parameter 0$" resend:"resends request parameter 0 in billing.Client.resend"
	var lastErr error
	for attempt := 0; attempt < 3; attempt++ {
		resp, err := c.hc.Do(req) // want `request body is read to the end`
		if err == nil {
			return resp, nil
		}
		lastErr = err
		time.Sleep(time.Second)
	}
	return nil, lastErr
}

// Upload hands resend a request with a body.
func (c *Client) Upload(ctx context.Context, id string, pdf []byte) error {
	req, err := reqs.New(ctx, http.MethodPut, c.base+"/invoices/"+id+"/pdf", bytes.NewReader(pdf))
	if err != nil {
		return err
	}
	resp, err := c.resend(req)
	if err != nil {
		return err
	}
	reqs.Close(resp)
	return nil
}

// fetch resends requests without a body: its only caller builds a GET.
func (c *Client) fetch(req *http.Request) (*http.Response, error) { // want fetch:"^sends request parameter 0$" fetch:"resends request parameter 0 in billing.Client.fetch"
	var lastErr error
	for attempt := 0; attempt < 3; attempt++ {
		resp, err := c.hc.Do(req)
		if err == nil {
			return resp, nil
		}
		lastErr = err
		time.Sleep(time.Second)
	}
	return nil, lastErr
}

// Download uses fetch with a GET.
func (c *Client) Download(ctx context.Context, id string) error {
	req, err := reqs.New(ctx, http.MethodGet, c.base+"/invoices/"+id+"/pdf", nil)
	if err != nil {
		return err
	}
	resp, err := c.fetch(req)
	if err != nil {
		return err
	}
	reqs.Close(resp)
	return nil
}

// Balance closes the body in a deferred function literal.
func (c *Client) Balance(ctx context.Context, id string) error {
	return backoff.Retry(func() error {
		resp, err := c.hc.Get(c.base + "/balances/" + id)
		if err != nil {
			return err
		}
		defer func() {
			_ = resp.Body.Close()
		}()
		if resp.StatusCode >= 500 {
			return fmt.Errorf("balance %s: %s", id, resp.Status)
		}
		return nil
	}, backoff.NewExponentialBackOff())
}

// Latest keeps the last response for the caller, who closes it.
func (c *Client) Latest(ctx context.Context) (*http.Response, error) {
	var last *http.Response
	for attempt := 0; attempt < 3; attempt++ {
		resp, err := c.hc.Get(c.base + "/latest")
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		last = resp
		if resp.StatusCode >= 500 {
			time.Sleep(time.Second)
			continue
		}
		return resp, nil
	}
	return last, nil
}

// Archive: reqs.Build is given a payload, so the request it builds once
// carries a body every attempt after the first sends empty.
func (c *Client) Archive(ctx context.Context, inv Invoice) error {
	req, err := reqs.Build(ctx, http.MethodPut, c.base+"/archive/"+inv.ID, inv)
	if err != nil {
		return err
	}
	for i := 0; i < 3; i++ {
		resp, err := c.hc.Do(req) // want `request body is read to the end by the first attempt`
		if err == nil {
			reqs.Close(resp)
			return nil
		}
		time.Sleep(time.Second)
	}
	return fmt.Errorf("archive %s: gave up", inv.ID)
}

// Fetch: reqs.Build is given no payload, so the request built once has
// no body to drain: not reported.
func (c *Client) Fetch(ctx context.Context, id string) error {
	req, err := reqs.Build(ctx, http.MethodGet, c.base+"/invoices/"+id, nil)
	if err != nil {
		return err
	}
	for i := 0; i < 3; i++ {
		resp, err := c.hc.Do(req)
		if err == nil {
			reqs.Close(resp)
			return nil
		}
		time.Sleep(time.Second)
	}
	return fmt.Errorf("status %s: gave up", id)
}
