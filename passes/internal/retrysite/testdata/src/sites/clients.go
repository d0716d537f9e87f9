package sites

import (
	"context"
	"net/http"
	"time"

	"github.com/go-resty/resty/v2"
	"github.com/hashicorp/go-retryablehttp"
)

// A service client in the usual shape: retrying clients built in a
// constructor and kept in fields, some with retries switched off.
type crmClient struct {
	rc     *retryablehttp.Client
	std    *http.Client
	bulk   *retryablehttp.Client
	viaRT  *http.Client
	plain  *http.Client
	sms    *resty.Client
	unset  *resty.Client
	custom *retryablehttp.Client
}

func newRetrying(retryMax int) *retryablehttp.Client {
	rc := retryablehttp.NewClient()
	rc.RetryMax = retryMax
	rc.RetryWaitMax = 10 * time.Second
	return rc
}

func newCRM(token string, count int) *crmClient {
	rc := newRetrying(2)
	sms := resty.New().
		SetAuthToken(token).
		SetRetryCount(3).
		SetTimeout(time.Second)
	custom := retryablehttp.NewClient()
	custom.CheckRetry = func(ctx context.Context, resp *http.Response, err error) (bool, error) { return false, nil }
	return &crmClient{
		rc:     rc,
		std:    rc.StandardClient(),
		bulk:   newRetrying(0),
		viaRT:  &http.Client{Transport: &retryablehttp.RoundTripper{Client: rc}},
		plain:  &http.Client{Timeout: time.Second},
		sms:    sms,
		unset:  resty.New().SetRetryCount(count),
		custom: custom,
	}
}

func (c *crmClient) calls(req *retryablehttp.Request, hreq *http.Request) {
	_, _ = c.rc.Do(req)          // want `retrying client call attempts=3`
	_, _ = c.std.Do(hreq)        // want `retrying client call attempts=3 std`
	_, _ = c.viaRT.Do(hreq)      // want `retrying client call attempts=3 std`
	_, _ = c.bulk.Do(req)        // retries switched off: RetryMax 0
	_, _ = c.plain.Do(hreq)      // a plain client
	_, _ = c.sms.R().Post("/x")  // want `retrying client call attempts=4`
	_, _ = c.unset.R().Post("/") // a count from configuration may be zero
	_, _ = c.custom.Do(req)      // want `retrying client call attempts=5 custom`
	r := c.sms.R().SetBody(nil)
	_, _ = r.Patch("/y") // want `retrying client call attempts=4`
}

func literalClients(req *retryablehttp.Request) {
	zero := &retryablehttp.Client{HTTPClient: http.DefaultClient}
	_, _ = zero.Do(req) // a literal without RetryMax retries nothing
	two := &retryablehttp.Client{RetryMax: 2, CheckRetry: retryablehttp.DefaultRetryPolicy}
	_, _ = two.Do(req) // want `retrying client call attempts=3`
}

func unknownOrigin(rc *retryablehttp.Client, req *retryablehttp.Request) {
	_, _ = rc.Do(req) // want `retrying client call attempts=5`
}
