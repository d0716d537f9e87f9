// Package sitesdep declares retry helpers used by package sites, to check
// that HelperFact crosses packages.
package sitesdep

import "time"

// Retry is a user-defined retry helper.
func Retry(attempts int, op func() error) error { // (facts are checked by the caller's reports)
	var err error
	for i := 0; i < attempts; i++ { // want `retry loop bounded=true waits=1`
		if err = op(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Twice calls its argument twice but does not retry it.
func Twice(op func() error) {
	_ = op()
	_ = op()
}
