package retrypred

import (
	"context"
	"strings"

	"github.com/avast/retry-go/v4"
)

// An SDK that keeps the status only in its error's message: the program
// tests the text.

// isAuthRejection is true only for a 403: the server refused the request.
func isAuthRejection(err error) bool {
	if err == nil {
		return false
	}
	return strings.Contains(err.Error(), "status 403: Authorization")
}

// isThrottled is true only for a message that is a 429.
func isThrottled(err error) bool {
	return err.Error() == "429 Too Many Requests"
}

// isGatewayTrouble names a 5xx: the server may have acted.
func isGatewayTrouble(err error) bool {
	return strings.Contains(err.Error(), "status 502")
}

// isReset names no status at all.
func isReset(err error) bool {
	return strings.Contains(err.Error(), "connection reset by peer: 403 bytes read")
}

func RetryIfAuthText(ctx context.Context, body []byte) error { // want RetryIfAuthText:"sends unkeyed POST \\(retried=false\\)"
	return retry.Do(func() error { return send(ctx, body) }, retry.RetryIf(isAuthRejection), retry.Attempts(3))
}

func RetryIfThrottledText(ctx context.Context, body []byte) error { // want RetryIfThrottledText:"sends unkeyed POST \\(retried=false\\)"
	return retry.Do(func() error { return send(ctx, body) }, retry.RetryIf(isThrottled), retry.Attempts(3))
}

func RetryIfGatewayText(ctx context.Context, body []byte) error { // want RetryIfGatewayText:"sends unkeyed POST \\(retried=true\\)"
	return retry.Do(func() error { return send(ctx, body) }, retry.RetryIf(isGatewayTrouble), retry.Attempts(3)) // want `POST request is retried without an Idempotency-Key header`
}

func RetryIfResetText(ctx context.Context, body []byte) error { // want RetryIfResetText:"sends unkeyed POST \\(retried=true\\)"
	return retry.Do(func() error { return send(ctx, body) }, retry.RetryIf(isReset), retry.Attempts(3)) // want `POST request is retried without an Idempotency-Key header`
}

// A helper whose library retry is handed a fixed predicate, and a generic
// helper of the program over it: what they retry is what the predicate
// lets go round.

func retryOnAuth(op func() error) error {
	return retry.Do(op, retry.RetryIf(isAuthRejection), retry.Attempts(3))
}

func retryWithResult[T any](fn func() (T, error)) (T, error) {
	var result T
	err := retryOnAuth(func() error {
		var err error
		result, err = fn()
		return err
	})
	return result, err
}

func CreateThroughHelpers(ctx context.Context, body []byte) error { // want CreateThroughHelpers:"sends unkeyed POST \\(retried=false\\)"
	_, err := retryWithResult(func() (int, error) { return 0, send(ctx, body) })
	return err
}

func retryOnGateway(op func() error) error {
	return retry.Do(op, retry.RetryIf(isGatewayTrouble), retry.Attempts(3))
}

func retryGatewayResult[T any](fn func() (T, error)) (T, error) {
	var result T
	err := retryOnGateway(func() error {
		var err error
		result, err = fn()
		return err
	})
	return result, err
}

func CreateThroughGatewayHelpers(ctx context.Context, body []byte) error { // want CreateThroughGatewayHelpers:"sends unkeyed POST \\(retried=true\\)"
	_, err := retryGatewayResult(func() (int, error) { return 0, send(ctx, body) }) // want `POST request is retried without an Idempotency-Key header`
	return err
}
