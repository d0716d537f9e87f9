package shop

import (
	"context"
	"time"

	"github.com/avast/retry-go/v4"

	"example.com/e2e/shop/gateway"
	"example.com/e2e/shop/resilience"
)

// Pay builds the POST with the gateway's helper, given a named constant of
// that package, and sends it on each attempt without a key: reported at the
// send.
func (s *Service) Pay(ctx context.Context, body []byte) error {
	for attempt := 0; attempt < 3; attempt++ {
		req, err := s.gw.NewRequest(ctx, gateway.MethodCreate, "/v1/charges", body)
		if err != nil {
			return err
		}
		resp, err := s.gw.HC.Do(req)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode < 500 {
				return nil
			}
		}
		if err := resilience.Sleep(ctx, resilience.Delay(attempt)); err != nil {
			return err
		}
	}
	return errGiveUp
}

// PayKeyed sets a key, but the gateway's helper folds the time into it, so
// each attempt sends a new one: reported at the Set.
func (s *Service) PayKeyed(ctx context.Context, orderID string, body []byte) error {
	for attempt := 0; attempt < 3; attempt++ {
		req, err := s.gw.NewRequest(ctx, gateway.MethodCreate, "/v1/charges", body)
		if err != nil {
			return err
		}
		req.Header.Set("Idempotency-Key", gateway.AttemptKey(orderID))
		resp, err := s.gw.HC.Do(req)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode < 500 {
				return nil
			}
		}
		if err := resilience.Sleep(ctx, resilience.Delay(attempt)); err != nil {
			return err
		}
	}
	return errGiveUp
}

// PayOrderKey is the look-alike: the key is derived from the order, the
// same on every attempt.
func (s *Service) PayOrderKey(ctx context.Context, orderID string, body []byte) error {
	for attempt := 0; attempt < 3; attempt++ {
		req, err := s.gw.NewRequest(ctx, gateway.MethodCreate, "/v1/charges", body)
		if err != nil {
			return err
		}
		req.Header.Set("Idempotency-Key", gateway.OrderKey(orderID))
		resp, err := s.gw.HC.Do(req)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode < 500 {
				return nil
			}
		}
		if err := resilience.Sleep(ctx, resilience.Delay(attempt)); err != nil {
			return err
		}
	}
	return errGiveUp
}

// Refund retries the gateway's unkeyed POST helper: reported at the call.
func (s *Service) Refund(ctx context.Context, chargeID string) error {
	return retry.Do(func() error {
		return s.gw.Refund(ctx, chargeID)
	}, retry.Attempts(3), retry.Context(ctx))
}

// ChargeStatus retries a GET through the same helper: fine.
func (s *Service) ChargeStatus(ctx context.Context, id string) error {
	return retry.Do(func() error {
		return s.gw.Charge(ctx, id)
	}, retry.Attempts(3), retry.Context(ctx), retry.MaxDelay(2*time.Second))
}
