// Package fulfil books shipments with the carrier, retrying failed
// bookings.
package fulfil

import (
	"context"
	"net/http"
	"time"

	"fulfil/carrier"
	"fulfil/idkeys"
)

type Service struct {
	carrier *carrier.Client
	key     string
}

func (s *Service) send(req *http.Request) error { // want send:`sends request param 0 \(keyed=false retried=false\)`
	resp, err := s.carrier.HC.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Book sets a key made per attempt by a helper of another package.
func (s *Service) Book(ctx context.Context, body []byte) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		req, berr := s.carrier.NewRequest(ctx, http.MethodPost, "/bookings", body)
		if berr != nil {
			return berr
		}
		req.Header.Set("Idempotency-Key", idkeys.New()) // want `key is generated on every attempt`
		if err = s.send(req); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Label hands a key that folds the clock to the carrier's builder, per
// attempt.
func (s *Service) Label(ctx context.Context, shipmentID string, body []byte) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		req, berr := s.carrier.NewKeyedRequest(ctx, http.MethodPost, "/labels", idkeys.Stamped(shipmentID), body) // want `key is generated on every attempt`
		if berr != nil {
			return berr
		}
		if err = s.send(req); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Pickup makes the key once, before the retry: fine.
func (s *Service) Pickup(ctx context.Context, body []byte) error {
	key := idkeys.New()
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		req, berr := s.carrier.NewKeyedRequest(ctx, http.MethodPost, "/pickups", key, body)
		if berr != nil {
			return berr
		}
		if err = s.send(req); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Cancel derives the key from the shipment on each attempt: the same key
// every time, fine.
func (s *Service) Cancel(ctx context.Context, shipmentID string) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		req, berr := s.carrier.NewKeyedRequest(ctx, http.MethodPost, "/cancellations", idkeys.ForShipment(shipmentID), nil)
		if berr != nil {
			return berr
		}
		if err = s.send(req); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Rebook uses the key the service was given: fine.
func (s *Service) Rebook(ctx context.Context, body []byte) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		req, berr := s.carrier.NewKeyedRequest(ctx, http.MethodPost, "/bookings", s.key, body)
		if berr != nil {
			return berr
		}
		if err = s.send(req); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
