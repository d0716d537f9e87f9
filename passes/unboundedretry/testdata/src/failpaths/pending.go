package failpaths

import (
	"errors"
	"net/http"
	"time"
)

var (
	errNextLoop    = errors.New("job still running")
	errUnavailable = errors.New("service unavailable")
)

// step answers errNextLoop while the job runs (202): a successful "not
// done yet", not a failure.
func step(url string) error {
	resp, err := http.Get(url)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode == http.StatusAccepted {
		return errNextLoop
	}
	return nil
}

// WaitJob polls the job: it goes round only on errNextLoop, and every
// real error returns.
func WaitJob(url string) error {
	for {
		err := step(url)
		if errors.Is(err, errNextLoop) {
			time.Sleep(time.Second)
			continue
		}
		return err
	}
}

// stepOrBusy answers errUnavailable on a 503: that sentinel is a failure.
func stepOrBusy(url string) error {
	resp, err := http.Get(url)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode == http.StatusServiceUnavailable {
		return errUnavailable
	}
	return nil
}

// The closest hazard: a retry of the 503 with nothing that stops it.
func WaitAvailable(url string) error {
	for { // want `retry loop can run forever`
		err := stepOrBusy(url)
		if err == errUnavailable {
			time.Sleep(time.Second)
			continue
		}
		return err
	}
}

var errThrottled = errors.New("throttled")

// throttle compares a float with a literal 0, which is a float constant:
// reading it as an integer once panicked.
func throttle(load float64) error {
	if load > 0 {
		return errThrottled
	}
	return nil
}
