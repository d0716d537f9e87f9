// Package sentinelstatus: senders that turn some statuses into sentinels
// of the package and the others into errors made on the spot. Their
// callers tell them apart by errors.Is: what they return on is not
// retried; what they let through is.
package sentinelstatus

import (
	"errors"
	"fmt"
	"net/http"
	"time"

	pkgerrors "github.com/pkg/errors"
)

var (
	errNotFound  = errors.New("not found")
	errPermanent = errors.New("permanent")
)

// download fails on every non-200, with errNotFound for a 404.
func download(url string) error {
	resp, err := http.Get(url)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		if resp.StatusCode == http.StatusNotFound {
			return errNotFound
		}
		return fmt.Errorf("invalid server response for %q: %v", url, resp.Status)
	}
	return nil
}

// Reported: only the 404 ends the retries; 400, 401, 403 and 422 go
// round again.
func Download(url string) error {
	for i := range 8 {
		err := download(url) // want `retry on any non-success status also retries 4xx responses`
		if err == nil {
			return nil
		}
		if errors.Is(err, errNotFound) {
			return err
		}
		if i != 7 {
			time.Sleep(time.Second)
		}
	}
	return errors.New("unable to download")
}

// fetch turns every client error into errPermanent.
func fetch(url string) error {
	resp, err := http.Get(url)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	switch {
	case resp.StatusCode >= 400 && resp.StatusCode < 500:
		return errPermanent
	case resp.StatusCode != http.StatusOK:
		return fmt.Errorf("server error: %v", resp.Status)
	}
	return nil
}

// Not reported for 4xx: every client error ends the retries; 5xx and
// transport errors go round.
func Fetch(url string) error {
	for range 5 {
		err := fetch(url)
		if err == nil || err == errPermanent {
			return err
		}
		time.Sleep(time.Second) // want `retry on 429 or 503 ignores the Retry-After header`
	}
	return errors.New("unable to fetch")
}

type checksumError struct{ got string }

func (e checksumError) Error() string { return "checksum mismatch: " + e.got }

// get fails on every non-200 with github.com/pkg/errors, a 404 with
// errMissing, and on a bad checksum with a checksumError.
func get(url string, want string) error {
	resp, err := http.Get(url)
	if err != nil {
		return pkgerrors.Wrap(err, "get")
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		if resp.StatusCode == http.StatusNotFound {
			return errMissing
		}
		return pkgerrors.Errorf("invalid server response: %v", resp.Status)
	}
	if got := resp.Header.Get("Digest"); got != want {
		return checksumError{got}
	}
	return nil
}

var errMissing = pkgerrors.New("missing")

// Reported: the checksum and the 404 end the retries, every other
// failure goes round.
func Get(url, want string) error {
	for range 8 {
		err := get(url, want) // want `retry on any non-success status also retries 4xx responses`
		if err == nil {
			return nil
		}
		if pkgerrors.Is(err, errMissing) {
			return err
		}
		var ce checksumError
		if pkgerrors.As(err, &ce) {
			return err
		}
		time.Sleep(time.Second)
	}
	return errors.New("unable to get")
}
