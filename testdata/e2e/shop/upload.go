package shop

import (
	"context"
	"net/http"

	"example.com/e2e/shop/resilience"
)

// Upload builds the request once with the gateway's helper and sends it on
// every attempt: the first attempt drains the body, so the retries send it
// empty. Reported at the send.
func (s *Service) Upload(ctx context.Context, doc []byte) error {
	req, err := s.gw.NewRequest(ctx, http.MethodPut, "/v1/documents", doc)
	if err != nil {
		return err
	}
	for attempt := 0; attempt < 3; attempt++ {
		resp, err := s.hc.Do(req)
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

// UploadRewound resets the body from GetBody before each retry: fine.
func (s *Service) UploadRewound(ctx context.Context, doc []byte) error {
	req, err := s.gw.NewRequest(ctx, http.MethodPut, "/v1/documents", doc)
	if err != nil {
		return err
	}
	for attempt := 0; attempt < 3; attempt++ {
		if attempt > 0 {
			body, err := req.GetBody()
			if err != nil {
				return err
			}
			req.Body = body
		}
		resp, err := s.hc.Do(req)
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
