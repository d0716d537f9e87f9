// Package retrypred hands retry helpers a predicate that decides which
// errors go round (issue 33, kind 12): a 4xx that the operation turns
// into an error is not retried when the predicate answers false for it,
// whether the predicate is given to retry-go's RetryIf or to a helper of
// the program.
package retrypred

import (
	"context"
	"errors"
	"net/http"

	"github.com/avast/retry-go/v4"

	"retrypred/retryx"
)

type StatusError struct{ Code int }

func (e *StatusError) Error() string { return "status" }

func fetch(ctx context.Context) error {
	resp, err := http.Get("http://api.example/items")
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		return &StatusError{Code: resp.StatusCode}
	}
	return nil
}

func isCleanRejection(err error) bool {
	var se *StatusError
	return errors.As(err, &se) && se.Code == 429
}

func always(error) bool { return true }

func HelperClean(ctx context.Context) error {
	return retryx.Do(ctx, func() error { return fetch(ctx) }, isCleanRejection)
}

func HelperAlways(ctx context.Context) error {
	return retryx.Do(ctx, func() error { return fetch(ctx) }, always) // want `retry on any non-success status also retries 4xx responses`
}

func RetryIfClean(ctx context.Context) error {
	return retry.Do(func() error { return fetch(ctx) }, retry.RetryIf(isCleanRejection), retry.Attempts(3))
}

// RetryIfAll's predicate lets every error through: the 4xx too.
func RetryIfAll(ctx context.Context) error {
	return retry.Do(func() error { return fetch(ctx) }, retry.RetryIf(always), retry.Attempts(3)) // want `retry on any non-success status also retries 4xx responses`
}
