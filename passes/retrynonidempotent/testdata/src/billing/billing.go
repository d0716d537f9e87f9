// Package billing is a service client in the usual shape: a struct holding
// its HTTP clients, a request builder method and a do helper, and methods
// that retry through them.
package billing

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"syscall"
	"time"

	"github.com/avast/retry-go/v4"
	"github.com/go-resty/resty/v2"
	"github.com/google/uuid"
	"github.com/hashicorp/go-retryablehttp"

	"httpkit"
)

type Client struct {
	base string
	hc   *http.Client
	std  *http.Client // go-retryablehttp behind a plain *http.Client
	once *http.Client // the same, with retries switched off
	sms  *resty.Client
}

func New(base string) *Client {
	rc := retryablehttp.NewClient()
	rc.RetryMax = 3
	off := retryablehttp.NewClient()
	off.RetryMax = 0
	sms := resty.New().SetBaseURL(base).SetRetryCount(2)
	return &Client{base: base, hc: &http.Client{Timeout: 10 * time.Second}, std: rc.StandardClient(), once: off.StandardClient(), sms: sms}
}

func (c *Client) newRequest(ctx context.Context, method, path string, body any) (*http.Request, error) { // want newRequest:`builds param 1 request \(keyed=false fresh=false\)`
	req, err := httpkit.NewJSONRequest(ctx, method, c.base+path, body)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", "Bearer token")
	return req, nil
}

func (c *Client) do(ctx context.Context, method, path string, body any) error { // want do:`sends unkeyed param 1 \(retried=false\)`
	req, err := c.newRequest(ctx, method, path, body)
	if err != nil {
		return err
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// CreateInvoice builds the request with the method given to newRequest and
// sends it in the loop: reported at the send.
func (c *Client) CreateInvoice(ctx context.Context, inv any) error { // want CreateInvoice:`sends unkeyed POST \(retried=true\)`
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		var req *http.Request
		if req, err = c.newRequest(ctx, http.MethodPost, "/invoices", inv); err != nil {
			return err
		}
		var resp *http.Response
		if resp, err = c.hc.Do(req); err == nil { // want `POST request is retried without an Idempotency-Key header`
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

// UpdateInvoice uses the builder with a GET: not reported.
func (c *Client) GetInvoice(ctx context.Context, id string) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		req, _ := c.newRequest(ctx, http.MethodGet, "/invoices/"+id, nil)
		var resp *http.Response
		if resp, err = c.hc.Do(req); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

// VoidInvoice sets a key derived from the invoice: not reported.
func (c *Client) VoidInvoice(ctx context.Context, id string) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		req, _ := c.newRequest(ctx, http.MethodPost, "/invoices/"+id+"/void", nil)
		req.Header.Set("Idempotency-Key", httpkit.OrderKey(id))
		var resp *http.Response
		if resp, err = c.hc.Do(req); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

// Capture posts through the do helper inside another package's retry
// helper: reported at the call of do.
func (c *Client) Capture(ctx context.Context, id string) error { // want Capture:`sends unkeyed POST \(retried=true\)`
	return httpkit.Retry(ctx, 3, func(ctx context.Context) error {
		return c.do(ctx, http.MethodPost, "/charges/"+id+"/capture", nil) // want `POST request is retried without an Idempotency-Key header`
	})
}

// Fetch goes through the same helper with a GET: not reported.
func (c *Client) Fetch(ctx context.Context, id string) error {
	return httpkit.Retry(ctx, 3, func(ctx context.Context) error {
		return c.do(ctx, http.MethodGet, "/charges/"+id, nil)
	})
}

// Tag patches in a range-over-int loop through the helper.
func (c *Client) Tag(ctx context.Context, id string, tags []string) error { // want Tag:`sends unkeyed PATCH \(retried=true\)`
	var err error
	for i := range 3 {
		if err = c.do(ctx, http.MethodPatch, "/charges/"+id, tags); err == nil { // want `PATCH request is retried without an Idempotency-Key header`
			return nil
		}
		time.Sleep(time.Duration(i) * time.Second)
	}
	return err
}

// Refund makes the key per attempt from the clock, in a helper.
func (c *Client) Refund(ctx context.Context, id string) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		req, _ := httpkit.NewPostRequest(ctx, c.base+"/refunds", id)
		req.Header.Set("Idempotency-Key", httpkit.TimeKey("refund")) // want `Idempotency-Key key is generated on every attempt`
		var resp *http.Response
		if resp, err = c.hc.Do(req); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

// RefundOnce makes the same kind of key once, before the loop: fine.
func (c *Client) RefundOnce(ctx context.Context, id string) error {
	key := httpkit.TimeKey("refund")
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		req, _ := httpkit.NewPostRequest(ctx, c.base+"/refunds", id)
		req.Header.Set("Idempotency-Key", key)
		var resp *http.Response
		if resp, err = c.hc.Do(req); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

// Transfer builds a fresh key in the builder on every attempt: reported at
// the send.
func (c *Client) Transfer(ctx context.Context, t any) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		req, _ := httpkit.NewIdempotentRequest(ctx, http.MethodPost, c.base+"/transfers", t)
		var resp *http.Response
		if resp, err = c.hc.Do(req); err == nil { // want `Idempotency-Key key is generated on every attempt`
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

// TransferKeyed passes a key made once by the caller: fine.
func (c *Client) TransferKeyed(ctx context.Context, t any) error {
	key := uuid.NewString()
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		req, _ := httpkit.NewKeyedRequest(ctx, http.MethodPost, c.base+"/transfers", key, t)
		var resp *http.Response
		if resp, err = c.hc.Do(req); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

// Notify sends through the go-retryablehttp client behind c.std.
func (c *Client) Notify(ctx context.Context, body any) error { // want Notify:`sends unkeyed POST \(retried=true\)`
	req, err := httpkit.NewJSONRequest(ctx, http.MethodPost, c.base+"/notify", body)
	if err != nil {
		return err
	}
	resp, err := c.std.Do(req) // want `POST request is retried without an Idempotency-Key header`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// NotifyOnce sends through the same kind of client with retries off.
func (c *Client) NotifyOnce(ctx context.Context, body any) error { // want NotifyOnce:`sends unkeyed POST \(retried=false\)`
	req, err := httpkit.NewJSONRequest(ctx, http.MethodPost, c.base+"/notify", body)
	if err != nil {
		return err
	}
	resp, err := c.once.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Text sends an SMS through the resty client that retries.
func (c *Client) Text(ctx context.Context, to, msg string) error { // want Text:`sends unkeyed POST \(retried=true\)`
	_, err := c.sms.R().SetContext(ctx).SetBody(map[string]string{"to": to, "body": msg}).Post("/messages") // want `POST request is retried without an Idempotency-Key header`
	return err
}

// TextKeyed sets the key on the request: fine.
func (c *Client) TextKeyed(ctx context.Context, id, to string) error { // want TextKeyed:`sends POST keyed by param 1`
	_, err := c.sms.R().SetHeader("Idempotency-Key", id).SetBody(to).Post("/messages")
	return err
}

// Subscribe posts a form in a counted loop.
func (c *Client) Subscribe(ctx context.Context, email string) error { // want Subscribe:`sends unkeyed POST \(retried=true\)`
	form := url.Values{"email": {email}}
	var err error
	for attempt := 0; attempt < 4; attempt++ {
		var resp *http.Response
		if resp, err = c.hc.PostForm(c.base+"/subscribe", form); err == nil { // want `POST request is retried without an Idempotency-Key header`
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

func rateLimited(err error) bool {
	var se *statusError
	return errors.As(err, &se) && se.code == http.StatusTooManyRequests
}

type statusError struct{ code int }

func (e *statusError) Error() string { return "status" }

// Schedule retries only 429 answers, which the server did not process.
func (c *Client) Schedule(ctx context.Context, body any) error { // want Schedule:`sends unkeyed POST \(retried=false\)`
	return retry.Do(func() error {
		return c.do(ctx, http.MethodPost, "/schedule", body)
	}, retry.Attempts(5), retry.RetryIf(rateLimited))
}

// Dial retries only refused connections, which sent nothing.
func (c *Client) Dial(ctx context.Context, body any) error { // want Dial:`sends unkeyed POST \(retried=false\)`
	return retry.Do(func() error {
		return c.do(ctx, http.MethodPost, "/dial", body)
	}, retry.Attempts(5), retry.RetryIf(func(err error) bool { return errors.Is(err, syscall.ECONNREFUSED) }))
}

// Broad retries every error through RetryIf: reported.
func (c *Client) Broad(ctx context.Context, body any) error { // want Broad:`sends unkeyed POST \(retried=true\)`
	return retry.Do(func() error {
		return c.do(ctx, http.MethodPost, "/broad", body) // want `POST request is retried without an Idempotency-Key header`
	}, retry.Attempts(5), retry.RetryIf(func(err error) bool { return err != nil }))
}

// send is the client's one call of Do, wrapped to count requests.
func (c *Client) send(req *http.Request) (*http.Response, error) { // want send:`sends request param 0 \(keyed=false retried=false\)`
	return c.hc.Do(req.WithContext(context.Background()))
}

// sendRetry retries the request it is given.
func (c *Client) sendRetry(req *http.Request) (*http.Response, error) { // want sendRetry:`sends request param 0 \(keyed=false retried=true\)`
	var err error
	for i := 0; i < 3; i++ {
		var resp *http.Response
		if resp, err = c.send(req); err == nil {
			return resp, nil
		}
		time.Sleep(time.Second)
	}
	return nil, err
}

// Credit posts through the wrapper in a loop: reported at the wrapper call.
func (c *Client) Credit(ctx context.Context, amount int) error { // want Credit:`sends unkeyed POST \(retried=true\)`
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		req, _ := c.newRequest(ctx, http.MethodPost, "/credits", amount)
		var resp *http.Response
		if resp, err = c.send(req); err == nil { // want `POST request is retried without an Idempotency-Key header`
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

// Note posts once, through the wrapper that retries: reported.
func (c *Client) Note(ctx context.Context, text string) error { // want Note:`sends unkeyed POST \(retried=true\)`
	req, _ := c.newRequest(ctx, http.MethodPost, "/notes", text)
	resp, err := c.sendRetry(req) // want `POST request is sent through sendRetry, which retries it`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Ping reads through the wrapper that retries: fine.
func (c *Client) Ping(ctx context.Context) error {
	req, _ := c.newRequest(ctx, http.MethodGet, "/ping", nil)
	resp, err := c.sendRetry(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Settle retries Capture, which retries its POST itself: both layers
// send the POST again.
func (c *Client) Settle(ctx context.Context, id string) error { // want Settle:`sends unkeyed POST \(retried=true\)`
	var err error
	for attempt := 0; attempt < 2; attempt++ {
		if err = c.Capture(ctx, id); err == nil { // want `POST request is retried without an Idempotency-Key header`
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// SettleOnce calls it once: reported inside Capture only.
func (c *Client) SettleOnce(ctx context.Context, id string) error { // want SettleOnce:`sends unkeyed POST \(retried=true\)`
	return c.Capture(ctx, id)
}

// doer is what the client keeps so that tests can swap the transport.
type doer interface {
	Do(req *http.Request) (*http.Response, error)
}

func postJSON(ctx context.Context, client doer, url string, body any) error { // want postJSON:`sends unkeyed POST \(retried=false\)`
	req, err := httpkit.NewJSONRequest(ctx, http.MethodPost, url, body)
	if err != nil {
		return err
	}
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Connect opens a session in a reconnect loop, posting through the doer.
func (c *Client) Connect(ctx context.Context) error { // want Connect:`sends unkeyed POST \(retried=true\)`
	for {
		if err := postJSON(ctx, c.hc, c.base+"/sessions", nil); err == nil { // want `POST request is retried without an Idempotency-Key header`
			return nil
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		time.Sleep(time.Second)
	}
}

// Authorize retries only a refused dial, asked through a predicate of
// another package, and a 429; any other error returns: no attempt that
// reached the server is repeated.
func (c *Client) Authorize(ctx context.Context, body any) error { // want Authorize:`sends unkeyed POST \(retried=false\)`
	for attempt := 0; ; attempt++ {
		req, err := httpkit.NewJSONRequest(ctx, http.MethodPost, c.base+"/authorizations", body)
		if err != nil {
			return err
		}
		resp, err := c.hc.Do(req)
		switch {
		case err != nil && httpkit.IsConnRefused(err) && attempt < 3:
		case err != nil:
			return err
		case resp.StatusCode == http.StatusTooManyRequests && attempt < 3:
			resp.Body.Close()
		default:
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
}

// Hold retries a reset connection too.
func (c *Client) Hold(ctx context.Context, body any) error { // want Hold:`sends unkeyed POST \(retried=true\)`
	for attempt := 0; ; attempt++ {
		req, err := httpkit.NewJSONRequest(ctx, http.MethodPost, c.base+"/holds", body)
		if err != nil {
			return err
		}
		resp, err := c.hc.Do(req) // want `POST request is retried without an Idempotency-Key header`
		switch {
		case err != nil && httpkit.IsTemporary(err) && attempt < 3:
		case err != nil:
			return err
		default:
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
}
