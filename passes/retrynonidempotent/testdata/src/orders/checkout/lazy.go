package checkout

import (
	"context"
	"net/http"
	"time"

	"github.com/google/uuid"
)

// Transfer makes its key on the first attempt and keeps it: fine.
func (s *Service) Transfer(ctx context.Context, u string) error {
	var key string
	for attempt := 0; attempt < 3; attempt++ {
		if key == "" {
			key = uuid.NewString()
		}
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
		if err != nil {
			return err
		}
		req.Header.Set("Idempotency-Key", key)
		if resp, err := s.hc.Do(req); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return nil
}

// TransferRekey makes a new key after the first attempt.
func (s *Service) TransferRekey(ctx context.Context, u string) error {
	var key string
	for attempt := 0; attempt < 3; attempt++ {
		if key == "" || attempt > 0 {
			key = uuid.NewString()
		}
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
		if err != nil {
			return err
		}
		req.Header.Set("Idempotency-Key", key) // want `Idempotency-Key key is generated on every attempt`
		if resp, err := s.hc.Do(req); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return nil
}
