package failpaths

import (
	"errors"
	"os"
	"time"
)

var errMustRetry = errors.New("must retry")

type vehicle interface{ Soc() (float64, error) }

// WaitSoc goes round only while the answer is errMustRetry; once a minute
// has passed it gives err another value, which its condition ends the
// loop on: bounded, and the deadline path does not go round at once.
func WaitSoc(v vehicle) (float64, error) {
	start := time.Now()
	var soc float64
	var err error
	for err = errMustRetry; err != nil && errors.Is(err, errMustRetry); {
		if soc, err = v.Soc(); err != nil {
			if time.Since(start) > time.Minute {
				err = os.ErrDeadlineExceeded
			} else {
				time.Sleep(3 * time.Second) // want `retry delay has no jitter`
			}
		}
	}
	return soc, err
}
