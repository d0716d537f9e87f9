package billing

import (
	"context"
	"net/http"

	retryv5 "github.com/avast/retry-go/v5"
)

// Payout retries every error through a retry-go v5 retrier: reported.
func (c *Client) Payout(ctx context.Context, body any) error { // want Payout:`sends unkeyed POST \(retried=true\)`
	return retryv5.New(retryv5.Attempts(5), retryv5.Context(ctx)).Do(func() error {
		return c.do(ctx, http.MethodPost, "/payouts", body) // want `POST request is retried without an Idempotency-Key header`
	})
}

// Remind retries only 429 answers, through the retrier's RetryIf.
func (c *Client) Remind(ctx context.Context, body any) error { // want Remind:`sends unkeyed POST \(retried=false\)`
	r := retryv5.New(retryv5.Attempts(5), retryv5.RetryIf(rateLimited))
	return r.Do(func() error {
		return c.do(ctx, http.MethodPost, "/reminders", body)
	})
}
