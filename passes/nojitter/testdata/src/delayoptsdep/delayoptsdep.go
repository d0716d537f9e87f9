// Package delayoptsdep holds shared retry options kept in package
// variables.
package delayoptsdep

import (
	"time"

	"github.com/avast/retry-go/v4"
)

// Steady waits the same second between attempts.
var Steady = []retry.Option{retry.Attempts(5), retry.Delay(time.Second), retry.DelayType(retry.FixedDelay)} // want Steady:"policy has no jitter" `retry.DelayType\(retry.FixedDelay\) has no jitter`

// Spread keeps the library's jittered default.
var Spread = []retry.Option{retry.Attempts(5), retry.Delay(time.Second)}
