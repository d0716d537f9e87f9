package checkout

import (
	"bytes"
	"context"
	"errors"
	"net"
	"os"
	"syscall"
	"time"
)

// Announce retries only while the partner refuses connections: each test
// in turn leaves the loop unless the attempt was never sent.
func (s *Service) Announce(ctx context.Context, u string, body []byte) error { // want Announce:`sends unkeyed POST \(retried=false\)`
	for attempt := 0; attempt < 5; attempt++ {
		resp, err := s.hc.Post(u, "application/json", bytes.NewReader(body))
		if err == nil {
			return resp.Body.Close()
		}
		if !errors.Is(err, syscall.ECONNREFUSED) {
			return err
		}
		time.Sleep(time.Second)
	}
	return errors.New("partner unreachable")
}

// AnnounceDial does the same with the dial operation of a *net.OpError.
func (s *Service) AnnounceDial(ctx context.Context, u string, body []byte) error { // want AnnounceDial:`sends unkeyed POST \(retried=false\)`
	for attempt := 0; attempt < 5; attempt++ {
		resp, err := s.hc.Post(u, "application/json", bytes.NewReader(body))
		if err == nil {
			return resp.Body.Close()
		}
		var op *net.OpError
		if !errors.As(err, &op) || op.Op != "dial" {
			return err
		}
		time.Sleep(time.Second)
	}
	return errors.New("partner unreachable")
}

// AnnounceTimeout goes round after a timeout: the partner may have
// processed the request.
func (s *Service) AnnounceTimeout(ctx context.Context, u string, body []byte) error { // want AnnounceTimeout:`sends unkeyed POST \(retried=true\)`
	for attempt := 0; attempt < 5; attempt++ {
		resp, err := s.hc.Post(u, "application/json", bytes.NewReader(body)) // want `POST request is retried without an Idempotency-Key header`
		if err == nil {
			return resp.Body.Close()
		}
		if !errors.Is(err, os.ErrDeadlineExceeded) {
			return err
		}
		time.Sleep(time.Second)
	}
	return errors.New("partner unreachable")
}

// AnnounceEither also goes round on any 5xx, by a path of its own.
func (s *Service) AnnounceEither(ctx context.Context, u string, body []byte) error { // want AnnounceEither:`sends unkeyed POST \(retried=true\)`
	for attempt := 0; attempt < 5; attempt++ {
		resp, err := s.hc.Post(u, "application/json", bytes.NewReader(body)) // want `POST request is retried without an Idempotency-Key header`
		if err == nil && resp.StatusCode >= 500 {
			resp.Body.Close()
			time.Sleep(time.Second)
			continue
		}
		if err == nil {
			return resp.Body.Close()
		}
		if !errors.Is(err, syscall.ECONNREFUSED) {
			return err
		}
		time.Sleep(time.Second)
	}
	return errors.New("partner unreachable")
}
