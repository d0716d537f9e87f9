// Package failedbatch resends the notifications that failed: a POST per
// device, sent again for the devices whose send failed (a failure record
// the goto or the next round tests). A batch that stops at the first
// failure sends nothing again.
package failedbatch

import (
	"bytes"
	"context"
	"errors"
	"math/rand/v2"
	"net/http"
	"time"
)

func notify(ctx context.Context, device string, body []byte) (*http.Response, error) { // want notify:`sends unkeyed POST \(retried=false\)`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://push.example.com/devices/"+device, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	return http.DefaultClient.Do(req)
}

// Notify resends to the devices that answered 5xx.
func Notify(ctx context.Context, devices []string, body []byte) { // want Notify:`sends unkeyed POST \(retried=true\)`
	retries := 0
Retry:
	var failed []string
	for _, d := range devices {
		res, err := notify(ctx, d, body) // want `POST request is retried without an Idempotency-Key header by this goto retry`
		if err != nil {
			continue
		}
		res.Body.Close()
		if res.StatusCode >= 500 {
			failed = append(failed, d)
		}
	}
	if len(failed) > 0 && retries < 3 {
		retries++
		devices = failed
		time.Sleep(time.Second/2 + rand.N(time.Second/2))
		goto Retry
	}
}

// NotifyRounds resends, in rounds, to the devices whose send failed.
func NotifyRounds(ctx context.Context, devices []string, body []byte) error { // want NotifyRounds:`sends unkeyed POST \(retried=true\)`
	for round := 0; round < 3; round++ {
		var failed []string
		for _, d := range devices {
			if _, err := notify(ctx, d, body); err != nil { // want `POST request is retried without an Idempotency-Key header by this retry loop`
				failed = append(failed, d)
			}
		}
		if len(failed) == 0 {
			return nil
		}
		devices = failed
		time.Sleep(time.Second/2 + rand.N(time.Second/2))
	}
	return errors.New("some devices were not notified")
}

// NotifyOnce stops at the first failure and reports which devices are
// left: nothing is sent twice.
func NotifyOnce(ctx context.Context, devices []string, body []byte) (left []string, err error) { // want NotifyOnce:`sends unkeyed POST \(retried=false\)`
	for i, d := range devices {
		if _, err := notify(ctx, d, body); err != nil {
			return devices[i:], err
		}
	}
	return nil, nil
}
