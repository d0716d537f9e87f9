package idem

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/url"
	"strings"
	"syscall"
	"time"

	"apiclient"

	retrygo "github.com/avast/retry-go/v4"
	backoff "github.com/cenkalti/backoff/v4"
	"github.com/go-resty/resty/v2"
	"github.com/google/uuid"
	"github.com/hashicorp/go-retryablehttp"
)

const methodCreate = "POST"

// --- reported ---

func postLoop(c *http.Client) error { // want postLoop:`sends unkeyed POST \(retried=true\)`
	for i := 0; i < 3; i++ {
		resp, err := c.Post("http://x/orders", "application/json", strings.NewReader("{}")) // want `POST request is retried without an Idempotency-Key header by this retry loop; send one key per operation where the API takes one, retry only failures that prove the request was not processed \(a refused connection, a 429\), or have the receiver deduplicate`
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	return errors.New("failed")
}

func pkgPost() { // want pkgPost:`sends unkeyed POST \(retried=true\)`
	for i := 0; i < 3; i++ {
		if _, err := http.Post("http://x", "text/plain", nil); err == nil { // want `POST request is retried`
			return
		}
	}
}

func postForm() { // want postForm:`sends unkeyed POST \(retried=true\)`
	for i := 0; i < 3; i++ {
		if _, err := http.PostForm("http://x", url.Values{}); err == nil { // want `POST request is retried`
			return
		}
	}
}

func newRequestDo(ctx context.Context, c *http.Client) error { // want newRequestDo:`sends unkeyed POST \(retried=true\)`
	var err error
	for attempt := range 3 {
		_ = attempt
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, "http://x", nil)
		req.Header.Set("Content-Type", "application/json")
		if _, err = c.Do(req); err == nil { // want `POST request is retried`
			return nil
		}
	}
	return err
}

func patchNamedConst(c *http.Client) { // want patchNamedConst:`sends unkeyed PATCH \(retried=true\)`
	req, _ := http.NewRequest("PATCH", "http://x", nil)
	for i := 0; i < 3; i++ {
		if _, err := c.Do(req); err == nil { // want `PATCH request is retried`
			return
		}
	}
}

func namedConstant(c *http.Client) { // want namedConstant:`sends unkeyed POST \(retried=true\)`
	for i := 0; i < 3; i++ {
		req, _ := http.NewRequest(methodCreate, "http://x", nil)
		if _, err := c.Do(req); err == nil { // want `POST request is retried`
			return
		}
	}
}

func requestLiteral(c *http.Client, u *url.URL) { // want requestLiteral:`sends unkeyed POST \(retried=true\)`
	for i := 0; i < 3; i++ {
		req := &http.Request{Method: http.MethodPost, URL: u, Header: http.Header{"Content-Type": {"text/plain"}}}
		if _, err := c.Do(req); err == nil { // want `POST request is retried`
			return
		}
	}
}

func withBackoff(c *http.Client) error { // want withBackoff:`sends unkeyed POST \(retried=true\)`
	return backoff.Retry(func() error {
		_, err := c.Post("http://x", "text/plain", nil) // want `POST request is retried`
		return err
	}, backoff.NewExponentialBackOff())
}

func withRetryGo(c *http.Client) error { // want withRetryGo:`sends unkeyed POST \(retried=true\)`
	return retrygo.Do(func() error {
		_, err := c.Post("http://x", "text/plain", nil) // want `POST request is retried`
		return err
	})
}

func viaOtherPackage(ctx context.Context, c *apiclient.Client) error { // want viaOtherPackage:`sends unkeyed POST \(retried=true\)`
	for i := 0; i < 3; i++ {
		if err := c.CreateOrder(ctx, nil); err == nil { // want `POST request is retried`
			return nil
		}
	}
	return nil
}

func methodThroughParam(ctx context.Context, c *apiclient.Client) { // want methodThroughParam:`sends unkeyed POST \(retried=true\)`
	for i := 0; i < 3; i++ {
		if err := c.Do(ctx, http.MethodPost, "/orders"); err == nil { // want `POST request is retried`
			return
		}
	}
}

func retryingHelper(ctx context.Context, c *apiclient.Client) { // want retryingHelper:`sends unkeyed POST \(retried=true\)`
	_ = c.DoRetry(ctx, http.MethodPost, "/orders") // want `POST request is sent through DoRetry, which retries it without an Idempotency-Key header`
}

// namedOperation retries an operation made by a factory: what it runs is
// not visible here, so nothing is reported.
func namedOperation(ctx context.Context, c *apiclient.Client) error {
	return backoff.Retry(c.CreateOrderOp(ctx), backoff.NewExponentialBackOff())
}

func postNamed() error { // want postNamed:`sends unkeyed POST \(retried=false\)`
	_, err := http.Post("http://x", "text/plain", nil)
	return err
}

func namedFunctionOp() error {
	return backoff.Retry(postNamed, backoff.NewExponentialBackOff()) // want `POST request is retried`
}

func retryableClient() { // want retryableClient:`sends unkeyed POST \(retried=true\)`
	c := retryablehttp.NewClient()
	_, _ = c.Post("http://x", "application/json", nil) // want `POST request is retried`
	req, _ := retryablehttp.NewRequest(http.MethodPatch, "http://x", nil)
	_, _ = c.Do(req) // want `PATCH request is retried`
}

func restyRetrying() { // want restyRetrying:`sends unkeyed POST \(retried=true\)`
	c := resty.New().SetRetryCount(3)
	_, _ = c.R().SetBody("{}").Post("/orders") // want `POST request is retried`
	_, _ = c.R().Execute("PATCH", "/orders/1") // want `PATCH request is retried`
}

func freshKeyPerAttempt(c *http.Client) {
	for i := 0; i < 3; i++ {
		req, _ := http.NewRequest(http.MethodPost, "http://x", nil)
		req.Header.Set("Idempotency-Key", uuid.NewString()) // want `Idempotency-Key key is generated on every attempt`
		if _, err := c.Do(req); err == nil {
			return
		}
	}
}

func freshKeyInClosure(c *http.Client) error {
	return backoff.Retry(func() error {
		req, _ := http.NewRequest(http.MethodPost, "http://x", nil)
		key := uuid.New().String()
		req.Header.Set("X-Idempotency-Key", key) // want `key is generated on every attempt`
		_, err := c.Do(req)
		return err
	}, backoff.NewExponentialBackOff())
}

func freshTimeKey(c *resty.Client) {
	r := resty.New().SetRetryCount(2)
	_, _ = r.R().SetHeader("Idempotency-Key", time.Now().String()).Post("/x") // sent through a retrying client: the key is made once per call
	_ = c
}

// --- not reported ---

func getLoop(c *http.Client) {
	for i := 0; i < 3; i++ {
		if _, err := c.Get("http://x"); err == nil {
			return
		}
	}
}

func putAndDelete(c *http.Client) {
	for i := 0; i < 3; i++ {
		req, _ := http.NewRequest(http.MethodPut, "http://x", nil)
		if _, err := c.Do(req); err == nil {
			return
		}
		req, _ = http.NewRequest(http.MethodDelete, "http://x", nil)
		if _, err := c.Do(req); err == nil {
			return
		}
	}
}

func postOnce(c *http.Client) error { // want postOnce:`sends unkeyed POST \(retried=false\)`
	_, err := c.Post("http://x", "text/plain", nil)
	return err
}

func keyOutside(ctx context.Context, c *http.Client) error {
	key := uuid.NewString()
	var err error
	for i := 0; i < 3; i++ {
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, "http://x", nil)
		req.Header.Set("Idempotency-Key", key)
		if _, err = c.Do(req); err == nil {
			return nil
		}
	}
	return err
}

func keyOutsideClosure(c *http.Client) error {
	key := uuid.NewString()
	return backoff.Retry(func() error {
		req, _ := http.NewRequest(http.MethodPost, "http://x", nil)
		req.Header.Set("Idempotency-Key", key)
		_, err := c.Do(req)
		return err
	}, backoff.NewExponentialBackOff())
}

func keyByIndex(c *http.Client, key string) {
	for i := 0; i < 3; i++ {
		req, _ := http.NewRequest(http.MethodPost, "http://x", nil)
		req.Header["Idempotency-Key"] = []string{key}
		if _, err := c.Do(req); err == nil {
			return
		}
	}
}

func keyLowerCase(c *http.Client, key string) { // want keyLowerCase:`sends POST keyed by param 1`
	for i := 0; i < 3; i++ {
		req, _ := http.NewRequest(http.MethodPost, "http://x", nil)
		req.Header.Set("idempotency-key", key)
		if _, err := c.Do(req); err == nil {
			return
		}
	}
}

func keyByHelper(c *http.Client, key string) {
	for i := 0; i < 3; i++ {
		req, _ := http.NewRequest(http.MethodPost, "http://x", nil)
		apiclient.SetKey(req, key)
		if _, err := c.Do(req); err == nil {
			return
		}
	}
}

func keyHeaderLiteral(c *http.Client, u *url.URL, key string) {
	for i := 0; i < 3; i++ {
		req := &http.Request{Method: http.MethodPost, URL: u, Header: http.Header{"Idempotency-Key": {key}}}
		if _, err := c.Do(req); err == nil {
			return
		}
	}
}

func dynamicHeaders(c *http.Client, hdrs map[string]string) { // want dynamicHeaders:`sends unkeyed POST \(retried=true\) unless headers \[1\] hold a key`
	for i := 0; i < 3; i++ {
		req, _ := http.NewRequest(http.MethodPost, "http://x", nil)
		for k, v := range hdrs {
			req.Header.Set(k, v)
		}
		if _, err := c.Do(req); err == nil {
			return
		}
	}
}

func methodNotConstant(c *http.Client, method string) { // want methodNotConstant:`sends unkeyed param 1 \(retried=true\)`
	for i := 0; i < 3; i++ {
		req, _ := http.NewRequest(method, "http://x", nil)
		if _, err := c.Do(req); err == nil {
			return
		}
	}
}

func stripeStyle(ctx context.Context, c *apiclient.Client) {
	for i := 0; i < 3; i++ {
		if err := c.CreatePayment(ctx); err == nil {
			return
		}
	}
}

func getViaOtherPackage(ctx context.Context, c *apiclient.Client) {
	for i := 0; i < 3; i++ {
		if err := c.Do(ctx, http.MethodGet, "/orders"); err == nil {
			return
		}
	}
	_ = c.DoRetry(ctx, http.MethodGet, "/orders")
}

func only429(c *http.Client) { // want only429:`sends unkeyed POST \(retried=false\)`
	for i := 0; i < 3; i++ {
		resp, err := c.Post("http://x", "text/plain", nil)
		if err == nil && resp.StatusCode == http.StatusTooManyRequests {
			time.Sleep(time.Second)
			continue
		}
		return
	}
}

func onlyRefused(c *http.Client) { // want onlyRefused:`sends unkeyed POST \(retried=false\)`
	for i := 0; i < 3; i++ {
		_, err := c.Post("http://x", "text/plain", nil)
		if errors.Is(err, syscall.ECONNREFUSED) {
			continue
		}
		return
	}
}

// A dial error fails before anything is sent.
func onlyDialFailures(c *http.Client) { // want onlyDialFailures:`sends unkeyed POST \(retried=false\)`
	for i := 0; i < 3; i++ {
		_, err := c.Post("http://x", "text/plain", nil)
		var opErr *net.OpError
		if errors.As(err, &opErr) && opErr.Op == "dial" {
			continue
		}
		return
	}
}

// A read error comes after the request was sent: the server may have
// processed it.
func readFailures(c *http.Client) { // want readFailures:`sends unkeyed POST \(retried=true\)`
	for i := 0; i < 3; i++ {
		_, err := c.Post("http://x", "text/plain", nil) // want `POST request is retried`
		var opErr *net.OpError
		if errors.As(err, &opErr) && opErr.Op == "read" {
			continue
		}
		return
	}
}

// The POST runs once the poll succeeded, and the loop is left: the POST
// is not retried.
func postAfterReady(c *http.Client) error { // want postAfterReady:`sends unkeyed POST \(retried=false\)`
	for i := 0; i < 10; i++ {
		resp, err := c.Get("http://x/ready")
		if err == nil && resp.StatusCode == 200 {
			if _, err := c.Post("http://x/nodes", "text/plain", nil); err != nil {
				return err
			}
			return nil
		}
		time.Sleep(time.Second)
	}
	return errors.New("not ready")
}

func restyNoRetries() { // want restyNoRetries:`sends unkeyed POST \(retried=false\)`
	c := resty.New()
	_, _ = c.R().Post("/orders")
}

func restyKeyed(key string) { // want restyKeyed:`sends POST keyed by param 0`
	c := resty.New().SetRetryCount(3)
	_, _ = c.R().SetHeader("Idempotency-Key", key).Post("/orders")
}

func retryableCustomPolicy() { // want retryableCustomPolicy:`sends unkeyed POST \(retried=false\)`
	c := retryablehttp.NewClient()
	c.CheckRetry = func(ctx context.Context, resp *http.Response, err error) (bool, error) { return false, nil }
	_, _ = c.Post("http://x", "application/json", nil)
}

func ignored(c *http.Client) { // want ignored:`sends unkeyed POST \(retried=true\)`
	for i := 0; i < 3; i++ {
		//idemlint:ignore retrynonidempotent the endpoint deduplicates on the order number in the body
		if _, err := c.Post("http://x", "text/plain", nil); err == nil {
			return
		}
	}
}

// api keeps a retrying resty client in a field set by its constructor.
type api struct{ http *resty.Client }

func newAPI() *api { return &api{http: resty.New().SetRetryCount(2)} }

func (a *api) createOrder() { // want createOrder:`sends unkeyed POST \(retried=true\)`
	_, _ = a.http.R().Post("/orders") // want `POST request is retried`
}

// throttleAware answers 429 itself and leaves the rest to the library's
// own decision, which retries 5xx whatever the method.
func throttleAware(ctx context.Context, resp *http.Response, err error) (bool, error) {
	if err == nil && resp.StatusCode == http.StatusTooManyRequests {
		return false, nil
	}
	return retryablehttp.DefaultRetryPolicy(ctx, resp, err)
}

func retryableDelegatingPolicy() { // want retryableDelegatingPolicy:`sends unkeyed POST \(retried=true\)`
	c := retryablehttp.NewClient()
	c.CheckRetry = throttleAware
	_, _ = c.Post("http://x", "application/json", nil) // want `POST request is retried`
}

// onlyThrottled retries 429 alone, and never delegates.
func onlyThrottled(ctx context.Context, resp *http.Response, err error) (bool, error) {
	return err == nil && resp.StatusCode == http.StatusTooManyRequests, nil
}

func retryableThrottledPolicy() { // want retryableThrottledPolicy:`sends unkeyed POST \(retried=false\)`
	c := retryablehttp.NewClient()
	c.CheckRetry = onlyThrottled
	_, _ = c.Post("http://x", "application/json", nil)
}
