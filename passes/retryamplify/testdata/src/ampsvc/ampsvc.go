// Package ampsvc delivers webhooks; its retries wrap the vault's, a
// go-retryablehttp client's and a resty client's own retries.
package ampsvc

import (
	"context"
	"errors"
	"net/http"
	"time"

	"ampkit"

	"github.com/cenkalti/backoff/v5"
	"github.com/go-resty/resty/v2"
	"github.com/hashicorp/go-retryablehttp"
	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/util/retry"
)

// secretStore has one implementation in the program: *ampkit.Vault.
type secretStore interface {
	Secret(ctx context.Context, id string) (string, error)
}

type Deliverer struct {
	secrets secretStore
	rc      *retryablehttp.Client
	std     *http.Client
	once    *retryablehttp.Client
	geo     *resty.Client
}

func NewDeliverer(v *ampkit.Vault) *Deliverer {
	rc := retryablehttp.NewClient()
	off := retryablehttp.NewClient()
	off.RetryMax = 0
	return &Deliverer{secrets: v, rc: rc, std: rc.StandardClient(), once: off, geo: resty.New().SetRetryCount(2)}
}

var errPending = errors.New("pending")

// Signed reads the secret on every delivery attempt; the vault read
// retries by itself.
func (d *Deliverer) Signed(ctx context.Context, id string) error { // want Signed:`retries\(attempts=9\)`
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if _, err = d.secrets.Secret(ctx, id); err == nil { // want `3 x 3 = 9 calls when the dependency keeps failing; retry at one layer only, here or in ampkit.Vault.Secret`
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// List goes round the go-retryablehttp client three times.
func (d *Deliverer) List(ctx context.Context, req *retryablehttp.Request) error { // want List:`retries\(attempts=15\)`
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		var resp *http.Response
		if resp, err = d.rc.Do(req); err == nil { // want `3 x 5 = 15 calls`
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

// Search uses the same client behind a plain *http.Client.
func (d *Deliverer) Search(ctx context.Context, req *http.Request) error { // want Search:`retries\(attempts=15\)`
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		var resp *http.Response
		if resp, err = d.std.Do(req); err == nil { // want `3 x 5 = 15 calls`
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

// Geocode goes round a resty client that retries twice.
func (d *Deliverer) Geocode(ctx context.Context, q string) error { // want Geocode:`retries\(attempts=9\)`
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if _, err = d.geo.R().SetQueryParam("q", q).Get("/geocode"); err == nil { // want `3 x 3 = 9 calls`
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Export goes round a client whose retries are switched off: fine.
func (d *Deliverer) Export(ctx context.Context, req *retryablehttp.Request) error { // want Export:`retries\(attempts=3\)`
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		var resp *http.Response
		if resp, err = d.once.Do(req); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

// Rotate retries conflicts around a read that retries itself.
func (d *Deliverer) Rotate(ctx context.Context, id string) error { // want Rotate:`retries\(attempts=0\)`
	return retry.RetryOnConflict(retry.DefaultBackoff, func() error {
		_, err := d.secrets.Secret(ctx, id) // want `retry inside a retry`
		return err
	})
}

// Await polls a status, and a failed vault read ends the poll: the read's
// retries do not multiply.
func (d *Deliverer) Await(ctx context.Context, id string) error { // want Await:`retries\(attempts=4\)`
	_, err := backoff.Retry(ctx, func() (bool, error) {
		s, err := d.secrets.Secret(ctx, id)
		if err != nil {
			return false, backoff.Permanent(err)
		}
		if s == "pending" {
			return false, errPending
		}
		return true, nil
	}, backoff.WithMaxTries(4))
	return err
}

// Fetch leaves the loop when the read fails: fine.
func (d *Deliverer) Fetch(ctx context.Context, id string) error { // want Fetch:`retries\(attempts=3\)`
	for attempt := 0; attempt < 3; attempt++ {
		s, err := d.secrets.Secret(ctx, id)
		if err != nil {
			return err
		}
		if s != "pending" {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errPending
}

// WaitReady polls with the other package's helper, which runs the read's
// retries again after each failure.
func (d *Deliverer) WaitReady(ctx context.Context, id string) error { // want WaitReady:`retries\(attempts=0\)`
	return ampkit.Poll(10, time.Second, func() error {
		_, err := d.secrets.Secret(ctx, id) // want `retry inside a retry`
		return err
	})
}

// WaitCond stops polling on a failed read: a wait condition's error ends
// the poll.
func (d *Deliverer) WaitCond(ctx context.Context, id string) error { // want WaitCond:`retries\(attempts=0\)`
	return wait.PollUntilContextTimeout(ctx, time.Second, time.Minute, true, func(ctx context.Context) (bool, error) {
		s, err := d.secrets.Secret(ctx, id)
		if err != nil {
			return false, err
		}
		return s != "pending", nil
	})
}

func (d *Deliverer) refresh() error { // want refresh:`retries\(attempts=3\)`
	_, err := d.secrets.Secret(context.Background(), "token")
	return err
}

// Refresh passes a method value that reaches the vault's retries.
func (d *Deliverer) Refresh() error { // want Refresh:`retries\(attempts=6\)`
	_, err := backoff.Retry(context.Background(), func() (bool, error) { return true, d.refresh() }, backoff.WithMaxTries(2)) // want `2 x 3 = 6 calls`
	return err
}

// Sequential reads, then posts: two retries one after the other.
func (d *Deliverer) Sequential(ctx context.Context, req *retryablehttp.Request) error { // want Sequential:`retries\(attempts=5\)`
	if _, err := d.secrets.Secret(ctx, "x"); err != nil {
		return err
	}
	_, err := d.rc.Do(req)
	return err
}

func transient(err error) bool { return !errors.Is(err, context.Canceled) }

// WaitSwallow keeps polling after a transient read failure: the read's
// retries run again on the next step.
func (d *Deliverer) WaitSwallow(ctx context.Context, id string) error { // want WaitSwallow:`retries\(attempts=0\)`
	return wait.PollUntilContextTimeout(ctx, time.Second, time.Minute, true, func(ctx context.Context) (bool, error) {
		s, err := d.secrets.Secret(ctx, id) // want `retry inside a retry`
		if err != nil {
			if transient(err) {
				return false, nil
			}
			return false, err
		}
		return s != "pending", nil
	})
}

// Edge skips to the next attempt on a transient failure.
func (d *Deliverer) Edge(ctx context.Context, id string) error { // want Edge:`retries\(attempts=9\)`
	var lastErr error
	for attempt := 0; attempt < 3; attempt++ {
		_, err := d.secrets.Secret(ctx, id) // want `3 x 3 = 9 calls`
		if err != nil {
			lastErr = err
			if transient(err) {
				time.Sleep(time.Second)
				continue
			}
			break
		}
		return nil
	}
	return lastErr
}
