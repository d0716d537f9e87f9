// Package zerolimit retries with helpers whose limit of zero means none.
package zerolimit

import "time"

// WithRetries stops after maxRetries attempts, unless maxRetries is zero.
func WithRetries(maxRetries int, sleep time.Duration, f func() error) (err error) {
	try := 1
	for {
		if err = f(); err == nil {
			return nil
		}
		if maxRetries != 0 && try >= maxRetries {
			return err
		}
		try++
		time.Sleep(sleep)
	}
}

// WhileEnabled tests a switch, not its limit, against zero: with the
// switch off the loop never stops.
func WhileEnabled(enabled int, f func() error) (err error) {
	try := 1
	for { // want `retry loop can run forever`
		if err = f(); err == nil {
			return nil
		}
		if enabled != 0 && try >= 5 {
			return err
		}
		try++
		time.Sleep(time.Second)
	}
}
