// Package retryoptsdep holds the retry settings a team shares: option
// lists built by functions and kept in package variables.
package retryoptsdep

import (
	"context"
	"time"

	"github.com/avast/retry-go/v4"
)

// Persistent retries until the call succeeds.
func Persistent() []retry.Option {
	return []retry.Option{retry.Attempts(0), retry.Delay(time.Second)}
}

// Bounded gives up after five attempts.
func Bounded() []retry.Option {
	return []retry.Option{retry.Attempts(5), retry.Delay(time.Second)}
}

// Scoped retries until success or until the caller's context ends.
func Scoped(ctx context.Context) []retry.Option {
	return []retry.Option{retry.Attempts(0), retry.Context(ctx)}
}

// Defaults keeps no limit.
var Defaults = []retry.Option{retry.UntilSucceeded(), retry.Delay(200 * time.Millisecond)}

// Quick keeps the library's default of ten attempts.
var Quick = []retry.Option{retry.Delay(50 * time.Millisecond)}
