package fulfil

import (
	"context"
	"net/http"
	"time"

	"fulfil/carrier"
)

// bookingBackoffs are the pauses between booking attempts.
var bookingBackoffs = []time.Duration{time.Second, 5 * time.Second, 30 * time.Second}

// Confirm posts on a schedule of delays, without a key: a retry loop
// bounded by the schedule.
func (s *Service) Confirm(ctx context.Context, body []byte) error { // want Confirm:`sends unkeyed POST \(retried=true\)`
	var err error
	for _, d := range bookingBackoffs {
		req, berr := s.carrier.NewRequest(ctx, http.MethodPost, "/confirmations", body)
		if berr != nil {
			return berr
		}
		if err = s.send(req); err == nil { // want `POST request is retried without an Idempotency-Key header`
			return nil
		}
		time.Sleep(d)
	}
	return err
}

// Announce posts to each carrier in turn: a different target each time,
// not a retry.
func Announce(ctx context.Context, carriers []*carrier.Client, body []byte) error { // want Announce:`sends unkeyed POST \(retried=false\)`
	var err error
	for _, c := range carriers {
		req, berr := c.NewRequest(ctx, http.MethodPost, "/announcements", body)
		if berr != nil {
			return berr
		}
		resp, derr := c.HC.Do(req)
		if err = derr; err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}
