// Package retrypred hands retry helpers a predicate that decides which
// errors go round (issue 33, kind 12): a POST retried only on a 429 is
// not retried after the server processed it (RULES.md), whether the
// predicate is given to retry-go's RetryIf, to a helper of the program,
// or is the operation's own test before backoff.Permanent.
package retrypred

import (
	"bytes"
	"context"
	"errors"
	"net/http"

	"github.com/avast/retry-go/v4"
	"github.com/cenkalti/backoff/v4"

	"retrypred/retryx"
)

type StatusError struct{ Code int }

func (e *StatusError) Error() string { return "status" }

func send(ctx context.Context, body []byte) error { // want send:"sends unkeyed POST \\(retried=false\\)"
	resp, err := http.Post("http://pay.example/charge", "application/json", bytes.NewReader(body))
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		return &StatusError{Code: resp.StatusCode}
	}
	return nil
}

// isCleanRejection is true only for a 429: the server did not process it.
func isCleanRejection(err error) bool {
	var se *StatusError
	return errors.As(err, &se) && se.Code == 429
}

func isServerError(err error) bool {
	var se *StatusError
	return errors.As(err, &se) && se.Code >= 500
}

func HelperClean(ctx context.Context, body []byte) error { // want HelperClean:"sends unkeyed POST \\(retried=false\\)"
	return retryx.Do(ctx, func() error { return send(ctx, body) }, isCleanRejection)
}

func HelperServer(ctx context.Context, body []byte) error { // want HelperServer:"sends unkeyed POST \\(retried=true\\)"
	return retryx.Do(ctx, func() error { return send(ctx, body) }, isServerError) // want `POST request is retried without an Idempotency-Key header`
}

// HelperLogged's helper retries every error whatever its predicate says.
func HelperLogged(ctx context.Context, body []byte) error { // want HelperLogged:"sends unkeyed POST \\(retried=true\\)"
	return retryx.DoLogged(ctx, func() error { return send(ctx, body) }, isCleanRejection) // want `POST request is retried without an Idempotency-Key header`
}

func RetryIfClean(ctx context.Context, body []byte) error { // want RetryIfClean:"sends unkeyed POST \\(retried=false\\)"
	return retry.Do(func() error { return send(ctx, body) }, retry.RetryIf(isCleanRejection), retry.Attempts(3))
}

func RetryIfServer(ctx context.Context, body []byte) error { // want RetryIfServer:"sends unkeyed POST \\(retried=true\\)"
	return retry.Do(func() error { return send(ctx, body) }, retry.RetryIf(isServerError), retry.Attempts(3)) // want `POST request is retried without an Idempotency-Key header`
}

func RetryIfAll(ctx context.Context, body []byte) error { // want RetryIfAll:"sends unkeyed POST \\(retried=true\\)"
	return retry.Do(func() error { return send(ctx, body) }, retry.RetryIf(func(error) bool { return true }), retry.Attempts(3)) // want `POST request is retried without an Idempotency-Key header`
}

// PermanentUnlessClean lets only a 429 go round: every other error is
// returned as permanent.
func PermanentUnlessClean(ctx context.Context, body []byte) error { // want PermanentUnlessClean:"sends unkeyed POST \\(retried=false\\)"
	return backoff.Retry(func() error {
		err := send(ctx, body)
		if err != nil && !isCleanRejection(err) {
			return backoff.Permanent(err)
		}
		return err
	}, backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 3))
}

func PermanentUnlessServer(ctx context.Context, body []byte) error { // want PermanentUnlessServer:"sends unkeyed POST \\(retried=true\\)"
	return backoff.Retry(func() error {
		err := send(ctx, body) // want `POST request is retried without an Idempotency-Key header`
		if err != nil && !isServerError(err) {
			return backoff.Permanent(err)
		}
		return err
	}, backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 3))
}

// SendFailureRetried lets only a 429 answer go round, but a send that
// failed too: a timeout, after which the server may have charged.
func SendFailureRetried(ctx context.Context, body []byte) error { // want SendFailureRetried:"sends unkeyed POST \\(retried=true\\)"
	return backoff.Retry(func() error {
		resp, err := http.Post("http://pay.example/charge", "application/json", bytes.NewReader(body)) // want `POST request is retried without an Idempotency-Key header`
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		if resp.StatusCode == 429 {
			return errors.New("rate limited")
		}
		if resp.StatusCode >= 300 {
			return backoff.Permanent(errors.New("rejected"))
		}
		return nil
	}, backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 3))
}

// OnlyRateLimited gives up on a failed send as on any answer but a 429.
func OnlyRateLimited(ctx context.Context, body []byte) error { // want OnlyRateLimited:"sends unkeyed POST \\(retried=false\\)"
	return backoff.Retry(func() error {
		resp, err := http.Post("http://pay.example/charge", "application/json", bytes.NewReader(body))
		if err != nil {
			return backoff.Permanent(err)
		}
		defer resp.Body.Close()
		if resp.StatusCode == 429 {
			return errors.New("rate limited")
		}
		if resp.StatusCode >= 300 {
			return backoff.Permanent(errors.New("rejected"))
		}
		return nil
	}, backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 3))
}
