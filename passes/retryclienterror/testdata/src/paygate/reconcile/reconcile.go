// Package reconcile polls the gateway for charges, deciding retries with
// the classifiers of package retryutil or inline.
package reconcile

import (
	"context"
	"errors"
	"net/http"
	"time"

	"paygate/api"
	"paygate/retryutil"
)

type Reconciler struct {
	gw *api.Client
}

// Settle retries whatever retryutil.Temporary lets through: a 404 for a
// charge that does not exist is asked again.
func (r *Reconciler) Settle(ctx context.Context, id string) (*api.Charge, error) {
	var err error
	for attempt := 0; attempt < 4; attempt++ {
		var ch *api.Charge
		ch, err = r.gw.GetCharge(ctx, id) // want `retry on any non-success status.*; retryutil.Temporary lets them through`
		if err == nil {
			return ch, nil
		}
		if !retryutil.Temporary(err) {
			return nil, err
		}
		time.Sleep(time.Duration(attempt+1) * time.Second)
	}
	return nil, err
}

// Refresh retries only what retryutil.IsRetryable picks: 5xx, 408, 429
// and network errors.
func (r *Reconciler) Refresh(ctx context.Context, id string) (*api.Charge, error) {
	var err error
	for attempt := 0; attempt < 4; attempt++ {
		var ch *api.Charge
		ch, err = r.gw.GetCharge(ctx, id)
		if err == nil {
			return ch, nil
		}
		if !retryutil.IsRetryable(err) {
			return nil, err
		}
		time.Sleep(time.Duration(attempt+1) * time.Second) // want `retry on 429 or 503 ignores the Retry-After header`
	}
	return nil, err
}

// Audit asks retryutil.Transient before going round.
func (r *Reconciler) Audit(ctx context.Context, id string) error {
	for attempt := 0; attempt < 4; attempt++ {
		_, err := r.gw.GetCharge(ctx, id)
		switch {
		case err == nil:
			return nil
		case retryutil.Transient(err):
			time.Sleep(time.Second) // want `retry on 429 or 503 ignores the Retry-After header`
			continue
		}
		return err
	}
	return nil
}

// Inspect tests the error's status inline and gives up only on a 501:
// every 4xx goes round.
func (r *Reconciler) Inspect(ctx context.Context, id string) error {
	var err error
	for attempt := 0; attempt < 4; attempt++ {
		if _, err = r.gw.GetCharge(ctx, id); err == nil { // want `retry on any non-success status`
			return nil
		}
		var apiErr *api.Error
		if errors.As(err, &apiErr) && apiErr.StatusCode == http.StatusNotImplemented {
			return err
		}
		time.Sleep(time.Second)
	}
	return err
}

// Verify tests the error's status inline and gives up on every 4xx.
func (r *Reconciler) Verify(ctx context.Context, id string) error {
	var err error
	for attempt := 0; attempt < 4; attempt++ {
		if _, err = r.gw.GetCharge(ctx, id); err == nil {
			return nil
		}
		var apiErr *api.Error
		if errors.As(err, &apiErr) && apiErr.StatusCode < 500 && apiErr.StatusCode != http.StatusTooManyRequests {
			return err
		}
		time.Sleep(time.Second) // want `retry on 429 or 503 ignores the Retry-After header`
	}
	return err
}

// Probe builds the API error from the response itself, then asks the
// classifier: only 5xx and 429 go round.
func (r *Reconciler) Probe(ctx context.Context) error {
	for attempt := 0; attempt < 3; attempt++ {
		resp, err := r.gw.Fetch(ctx, "/health")
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		resp.Body.Close()
		if resp.StatusCode == http.StatusOK {
			return nil
		}
		err = &api.Error{StatusCode: resp.StatusCode}
		if !retryutil.IsRetryable(err) {
			return err
		}
		time.Sleep(time.Second) // want `retry on 429 or 503 ignores the Retry-After header`
	}
	return nil
}

// Ping builds the API error from the response, and retries what
// retryutil.Temporary lets through.
func (r *Reconciler) Ping(ctx context.Context) error {
	for attempt := 0; attempt < 3; attempt++ {
		resp, err := r.gw.Fetch(ctx, "/ping") // want `retry on any non-success status`
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		resp.Body.Close()
		if resp.StatusCode == http.StatusOK {
			return nil
		}
		err = &api.Error{StatusCode: resp.StatusCode}
		if !retryutil.Temporary(err) {
			return err
		}
		time.Sleep(time.Second)
	}
	return nil
}

// Lookup asks a classifier that reads nothing of the status: silent.
func (r *Reconciler) Lookup(ctx context.Context, id string) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if _, err = r.gw.GetCharge(ctx, id); err == nil || !retryutil.Unknown(err) {
			return err
		}
		time.Sleep(time.Second)
	}
	return err
}

// Capture switches on retryutil.Classify: only 5xx and 429 go round.
func (r *Reconciler) Capture(ctx context.Context, id string) error {
	for attempt := 0; attempt < 5; attempt++ {
		_, err := r.gw.GetCharge(ctx, id)
		if err == nil {
			return nil
		}
		switch retryutil.Classify(err) {
		case retryutil.Retry:
			time.Sleep(time.Second) // want `retry on 429 or 503 ignores the Retry-After header`
			continue
		case retryutil.Backoff:
			time.Sleep(30 * time.Second)
			continue
		}
		return err
	}
	return nil
}

// Void switches on retryutil.Sort, which files 4xx under Retry.
func (r *Reconciler) Void(ctx context.Context, id string) error {
	for attempt := 0; attempt < 5; attempt++ {
		_, err := r.gw.GetCharge(ctx, id) // want `retry on any non-success status`
		if err == nil {
			return nil
		}
		if c := retryutil.Sort(err); c == retryutil.Permanent {
			return err
		}
		time.Sleep(time.Second)
	}
	return nil
}

// Dispute switches on retryutil.Group, which reads nothing of the status:
// which case a 404 takes is unknown, so nothing is said.
func (r *Reconciler) Dispute(ctx context.Context, id string) error {
	for attempt := 0; attempt < 5; attempt++ {
		_, err := r.gw.GetCharge(ctx, id)
		if err == nil {
			return nil
		}
		switch retryutil.Group(err) {
		case retryutil.Retry, retryutil.Backoff:
			time.Sleep(time.Second)
			continue
		}
		return err
	}
	return nil
}

// Close gives up on the ledger's own code for a closed period: which
// statuses carry it is not known, so nothing is said.
func (r *Reconciler) Close(ctx context.Context, id string) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if _, err = r.gw.GetCharge(ctx, id); err == nil {
			return nil
		}
		var le *api.LedgerError
		if errors.As(err, &le) && le.Code == api.ErrCodeClosed {
			return err
		}
		time.Sleep(time.Second)
	}
	return err
}
