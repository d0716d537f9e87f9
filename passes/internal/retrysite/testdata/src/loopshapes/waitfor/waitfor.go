// Package waitfor is a poll helper in the style of service code: For runs
// f every interval until it says stop or the time is up.
package waitfor

import (
	"errors"
	"time"
)

// For polls f once every interval, up to timeout.
func For(timeout, interval time.Duration, f func() (bool, error)) error {
	var lastErr error
	deadline := time.After(timeout)
	for { // want `retry loop bounded=true waits=1 op=body`
		select {
		case <-deadline:
			if lastErr == nil {
				return errors.New("time limit exceeded")
			}
			return lastErr
		default:
		}
		stop, err := f()
		if stop {
			return err
		}
		if err != nil {
			lastErr = err
		}
		time.Sleep(interval)
	}
}
