// Package condwait retries through its own copy of wait.ExponentialBackoff:
// Retry's condition answers "not done" after a failure the predicate
// calls temporary, so the poll runs the operation again. An upload
// started by a POST is sent again that way. A caller whose condition
// hands the error back ends the polling at the first failure: nothing
// failed is sent again.
package condwait

import (
	"context"
	"errors"
	"net/http"
	"strings"

	"condwait/wait"
)

// Retry runs f until it succeeds or p says the failure is not temporary.
func Retry(f func() error, p func(error) bool, backoff wait.Backoff) (err error) {
	condition := func() (bool, error) {
		err = f()
		if p(err) {
			return false, nil
		}
		return true, err
	}
	wait.ExponentialBackoff(backoff, condition)
	return
}

func isTemporary(err error) bool { return err != nil && !errors.Is(err, context.Canceled) }

type Uploader struct {
	client *http.Client
	base   string
}

func (u *Uploader) initiate(ctx context.Context) error { // want initiate:`sends unkeyed POST \(retried=false\)`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u.base+"/blobs/uploads/", strings.NewReader(""))
	if err != nil {
		return err
	}
	resp, err := u.client.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Upload starts an upload, retrying temporary failures.
func (u *Uploader) Upload(ctx context.Context) error { // want Upload:`sends unkeyed POST \(retried=true\)`
	try := func() error {
		return u.initiate(ctx) // want `POST request is retried without an Idempotency-Key header`
	}
	return Retry(try, isTemporary, wait.Backoff{Duration: 100, Factor: 3, Steps: 3})
}

// Steps runs a stepper until it is done: it waits for nothing between
// steps, so it polls nothing, and each step moves the work on.
func Steps(step func() (bool, error)) error {
	for {
		done, err := step()
		if err != nil || done {
			return err
		}
	}
}

// UploadSteps starts the upload as the first of its steps.
func (u *Uploader) UploadSteps(ctx context.Context) error {
	started := false
	return Steps(func() (bool, error) {
		if !started {
			started = true
			return false, u.initiate(ctx)
		}
		return true, nil
	})
}
