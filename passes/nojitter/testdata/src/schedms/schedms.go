// Package schedms uploads batches, retrying on schedules written as plain // want package:`waits Failover Importer.Import Probe Upload UploadSpread`
// numbers of milliseconds.
package schedms

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"time"
)

// uploadDelaysMs are the pauses between upload attempts, in milliseconds.
var uploadDelaysMs = [5]int{100, 200, 200, 500, 0}

// Upload walks the schedule: each element is the pause before the same
// POST goes again, on a failed send and on a 5xx alike.
func Upload(c *http.Client, url string, body []byte) error {
	var err error
	for _, delayMs := range uploadDelaysMs {
		req, rerr := http.NewRequest(http.MethodPut, url, bytes.NewReader(body))
		if rerr != nil {
			return rerr
		}
		res, derr := c.Do(req)
		if derr != nil {
			err = derr
			time.Sleep(time.Duration(delayMs) * time.Millisecond) // want `retry delay has no jitter`
			continue
		}
		res.Body.Close()
		switch res.StatusCode {
		case http.StatusOK:
			return nil
		case http.StatusBadGateway, http.StatusServiceUnavailable:
			err = errors.New(res.Status)
			time.Sleep(time.Duration(delayMs) * time.Millisecond) // want `retry delay has no jitter`
			continue
		default:
			return errors.New(res.Status)
		}
	}
	return err
}

// UploadSpread waits each element plus a random part: jittered.
func UploadSpread(c *http.Client, url string, body []byte) error {
	var err error
	for _, delayMs := range []float64{50, 150, 400} {
		req, rerr := http.NewRequest(http.MethodPut, url, bytes.NewReader(body))
		if rerr != nil {
			return rerr
		}
		res, derr := c.Do(req)
		if derr == nil {
			res.Body.Close()
			return nil
		}
		err = derr
		d := time.Duration(delayMs * float64(time.Millisecond))
		time.Sleep(d + rand.N(d/2))
	}
	return err
}

// Probe tries each port once, pausing a fixed second between them: a walk
// over targets, not a schedule (the wait does not read the element).
func Probe(dial func(port int) error, ports []int) error {
	for _, port := range ports {
		if err := dial(port); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errors.New("no port answered")
}

type target struct {
	url   string
	pause time.Duration
}

// Failover sends to each target after its own pause: a list of structs is
// a list of operations, not a schedule of delays.
func Failover(c *http.Client, targets []target) error {
	for _, t := range targets {
		res, err := c.Get(t.url)
		if err == nil {
			res.Body.Close()
			return nil
		}
		time.Sleep(t.pause)
	}
	return errors.New("every target failed")
}

type Importer struct{ c *http.Client }

// newError builds the importer's own error.
func (im *Importer) newError(format string, args ...any) error {
	return fmt.Errorf("import: "+format, args...)
}

// Import reads each response and builds its own error from the status and
// from what reading the body said: the error it builds goes round on 5xx,
// and the next round reads its body again before building another.
func (im *Importer) Import(url string, body []byte) (status int, err error) {
	for _, delayMs := range uploadDelaysMs {
		req, rerr := http.NewRequest(http.MethodPut, url, bytes.NewReader(body))
		if rerr != nil {
			return 0, rerr
		}
		res, derr := im.c.Do(req)
		if derr != nil {
			err = derr
			continue
		}
		_, err = io.ReadAll(res.Body)
		res.Body.Close()
		errText := ""
		if err != nil {
			errText = err.Error()
		}
		status = res.StatusCode
		switch status {
		case http.StatusOK:
			return status, nil
		case http.StatusServiceUnavailable:
			err = im.newError("status %d %s", status, errText)
			time.Sleep(time.Duration(delayMs) * time.Millisecond) // want `retry delay has no jitter`
			continue
		default:
			return status, im.newError("status %d %s", status, errText)
		}
	}
	return status, err
}
