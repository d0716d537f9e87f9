package backoffs

import (
	"time"

	"github.com/eapache/go-resiliency/retrier"
)

// Resilient retries with go-resiliency's retrier, which has no jitter
// until SetJitter.
func Resilient(op func() error) error {
	r := retrier.New(retrier.ExponentialBackoff(4, 200*time.Millisecond), nil)
	return r.Run(op)
}

// ResilientJittered sets its jitter: not reported.
func ResilientJittered(op func() error) error {
	r := retrier.New(retrier.LimitedExponentialBackoff(4, 200*time.Millisecond, 2*time.Second), nil)
	r.SetJitter(0.3)
	return r.Run(op)
}
