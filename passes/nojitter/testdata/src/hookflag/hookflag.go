// want package:`waits Backoff`

// Package hookflag retries as resty's Backoff does: the decision to go
// round is a flag set from the failure (err != nil) and then handed to
// the caller's conditions, which may overwrite it; the error is first
// unwrapped by a helper, and the delay is worked out from the response.
package hookflag

import (
	"errors"
	"net/http"
	"time"
)

// Response wraps the HTTP response, as API clients do.
type Response struct{ *http.Response }

type Condition func(*Response, error) bool

type noRetryErr struct{ err error }

func (e *noRetryErr) Error() string { return e.err.Error() }

func unwrapNoRetryErr(err error) error {
	var e *noRetryErr
	if errors.As(err, &e) {
		return e.err
	}
	return err
}

func sleepDuration(attempt int) (time.Duration, error) { // want sleepDuration:`delay\(random=false capped=false grows=false\)`
	if attempt > 10 {
		return 0, errors.New("too many attempts")
	}
	return 500 * time.Millisecond, nil
}

// Backoff retries operation while the flag says so: the default is every
// failure, which no condition needs to confirm.
func Backoff(operation func() (*Response, error), retries int, conds []Condition) error {
	var (
		resp *Response
		err  error
	)
	for attempt := 0; attempt <= retries; attempt++ {
		resp, err = operation()
		err1 := unwrapNoRetryErr(err)
		needsRetry := err != nil && err == err1
		for _, condition := range conds {
			needsRetry = condition(resp, err1)
			if needsRetry {
				break
			}
		}
		if !needsRetry {
			return err
		}
		waitTime, err2 := sleepDuration(attempt)
		if err2 != nil {
			return err2
		}
		time.Sleep(waitTime) // want `retry delay has no jitter`
	}
	return err
}

func annotate(err error) error {
	if err == nil {
		return nil
	}
	return errors.Join(err, errors.New("while settling"))
}

// Settle only rewrites an error it was given: turning one error into
// another makes no request, so the loop retries nothing.
func Settle(err error) error {
	for i := 0; i < 3; i++ {
		err = annotate(err)
		if err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// settle pings until the peer answers, then waits out the rest of a
// second. The round trip only shortens that last wait: the ping is the
// attempt, and the wait after a failure has no random part.
func settle(ping func() (time.Duration, error)) {
	for i := 0; i < 5; i++ {
		rtt, err := ping()
		if err == nil {
			time.Sleep(time.Second - rtt)
			return
		}
		time.Sleep(time.Second) // want `retry delay has no jitter`
	}
}
