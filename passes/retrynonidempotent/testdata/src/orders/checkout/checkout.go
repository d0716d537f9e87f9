// Package checkout drives the orders client from a retry loop of its own.
package checkout

import (
	"context"
	"maps"
	"net/http"
	"time"

	"github.com/google/uuid"

	"orders/api"
)

type Service struct {
	orders *api.Client
	hc     *http.Client
}

// PlaceOrder posts through Post, which retries: the map has the key.
func (s *Service) PlaceOrder(ctx context.Context, orderID string, body []byte) error {
	return s.orders.Post(ctx, "/orders", body, map[string]string{"Idempotency-Key": "order-" + orderID})
}

// Notify posts without a key through Post, which retries.
func (s *Service) Notify(ctx context.Context, body []byte) error { // want Notify:`sends unkeyed POST \(retried=true\)`
	return s.orders.Post(ctx, "/notifications", body, map[string]string{"Content-Type": "application/json"}) // want `POST request is sent through Post, which retries it without an Idempotency-Key header`
}

// Forward passes its own caller's headers on: reported where they are
// known.
func (s *Service) Forward(ctx context.Context, body []byte, h map[string]string) error { // want Forward:`sends unkeyed POST \(retried=true\) unless headers \[2\] hold a key`
	return s.orders.Post(ctx, "/forward", body, h)
}

func (s *Service) ForwardKeyed(ctx context.Context, key string, body []byte) error {
	return s.Forward(ctx, body, api.KeyHeaders(key))
}

func (s *Service) ForwardPlain(ctx context.Context, body []byte) error { // want ForwardPlain:`sends unkeyed POST \(retried=true\)`
	return s.Forward(ctx, body, nil) // want `POST request is sent through Forward, which retries it without an Idempotency-Key header`
}

// Charge builds the request with the client's builder and retries it here.
func (s *Service) Charge(ctx context.Context, body []byte) error { // want Charge:`sends unkeyed POST \(retried=true\)`
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		var req *http.Request
		req, err = s.orders.NewRequest(ctx, http.MethodPost, "/charges", body, api.DefaultHeaders())
		if err != nil {
			return err
		}
		var resp *http.Response
		if resp, err = s.hc.Do(req); err == nil { // want `POST request is retried without an Idempotency-Key header`
			return resp.Body.Close()
		}
		time.Sleep(time.Second << attempt)
	}
	return err
}

// ChargeOnce makes the key before the loop: fine.
func (s *Service) ChargeOnce(ctx context.Context, body []byte) error {
	h := api.FreshKeyHeaders()
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		var req *http.Request
		req, err = s.orders.NewRequest(ctx, http.MethodPost, "/charges", body, h)
		if err != nil {
			return err
		}
		var resp *http.Response
		if resp, err = s.hc.Do(req); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second << attempt)
	}
	return err
}

// ChargeFresh makes a new key on every attempt.
func (s *Service) ChargeFresh(ctx context.Context, body []byte) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		var req *http.Request
		req, err = s.orders.NewRequest(ctx, http.MethodPost, "/charges", body, api.FreshKeyHeaders())
		if err != nil {
			return err
		}
		var resp *http.Response
		if resp, err = s.hc.Do(req); err == nil { // want `Idempotency-Key key is generated on every attempt`
			return resp.Body.Close()
		}
		time.Sleep(time.Second << attempt)
	}
	return err
}

// Refund sets the header map on the request, made per attempt.
func (s *Service) Refund(ctx context.Context, u string) error {
	for attempt := 0; attempt < 3; attempt++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
		if err != nil {
			return err
		}
		req.Header = api.FreshKeyHeaders()
		if resp, err := s.hc.Do(req); err == nil { // want `Idempotency-Key key is generated on every attempt`
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return nil
}

// RefundOnce clones a map keyed once per operation: fine.
func (s *Service) RefundOnce(ctx context.Context, u string) error {
	h := api.FreshKeyHeaders()
	for attempt := 0; attempt < 3; attempt++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
		if err != nil {
			return err
		}
		req.Header = h.Clone()
		if resp, err := s.hc.Do(req); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return nil
}

// Payout puts a key made in the attempt into a literal map.
func (s *Service) Payout(ctx context.Context, body []byte) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		var req *http.Request
		h := http.Header{"Idempotency-Key": {uuid.NewString()}}
		req, err = s.orders.NewRequest(ctx, http.MethodPost, "/payouts", body, h)
		if err != nil {
			return err
		}
		var resp *http.Response
		if resp, err = s.hc.Do(req); err == nil { // want `Idempotency-Key key is generated on every attempt`
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

// Passthrough copies headers it does not know (the request it proxies).
func (s *Service) Passthrough(ctx context.Context, in *http.Request, body []byte) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		var req *http.Request
		req, err = s.orders.NewRequest(ctx, http.MethodPost, "/proxy", body, in.Header)
		if err != nil {
			return err
		}
		var resp *http.Response
		if resp, err = s.hc.Do(req); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

// withKey adds the operation's key to a map of headers.
func withKey(h map[string]string, key string) { // want withKey:`sets key on param 0`
	h["Idempotency-Key"] = key
}

// Settle fills the map through withKey: keyed.
func (s *Service) Settle(ctx context.Context, id string, body []byte) error {
	h := map[string]string{"Accept": "application/json"}
	withKey(h, "settle-"+id)
	return s.orders.Post(ctx, "/settlements", body, h)
}

// Reverse copies a keyed map into the request with maps.Copy.
func (s *Service) Reverse(ctx context.Context, u, key string) error {
	h := http.Header{"Idempotency-Key": {key}}
	for attempt := 0; attempt < 3; attempt++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
		if err != nil {
			return err
		}
		maps.Copy(req.Header, h)
		if resp, err := s.hc.Do(req); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return nil
}

// Hold fills its options through a method of theirs, which may set the
// key: not reported.
func (s *Service) Hold(ctx context.Context, key string, body []byte) error {
	o := api.ResumeOptions{}
	o.SetHeader("Idempotency-Key", key)
	return s.orders.Post(ctx, "/holds", body, o.Extra)
}
