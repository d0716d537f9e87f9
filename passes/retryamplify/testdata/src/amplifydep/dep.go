// Package amplifydep retries inside its functions; package amplify calls
// them from its own retries.
package amplifydep

import "time"

func call() error { return nil }

// Fetch retries three times.
func Fetch() error { // want Fetch:`retries\(attempts=3\)`
	var err error
	for i := 0; i < 3; i++ {
		if err = call(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Load retries through Fetch.
func Load() error { // want Load:`retries\(attempts=3\)`
	return Fetch()
}

// Once does not retry.
func Once() error { return call() }

// Getter is implemented in several ways; calls through it are not followed.
type Getter interface{ Get() error }
