// Package schedule delivers webhooks on a fixed schedule of delays. // want package:`waits Sender.Deliver Sender.DeliverJittered`
package schedule

import (
	"context"
	"math/rand/v2"
	"net/http"
	"time"
)

type Sender struct {
	hc       *http.Client
	schedule []time.Duration
}

func NewSender(hc *http.Client) *Sender {
	return &Sender{hc: hc, schedule: []time.Duration{time.Second, 5 * time.Second, 30 * time.Second}}
}

// Deliver waits the schedule's delays as they are: every sender that
// failed together retries together.
func (s *Sender) Deliver(ctx context.Context, req *http.Request) error {
	for i := 0; ; i++ {
		resp, err := s.hc.Do(req.WithContext(ctx))
		if err == nil && resp.StatusCode < http.StatusInternalServerError {
			return resp.Body.Close()
		}
		if i >= len(s.schedule) {
			return err
		}
		time.Sleep(s.schedule[i]) // want `retry delay has no jitter`
	}
}

// DeliverJittered spreads each delay of the schedule.
func (s *Sender) DeliverJittered(ctx context.Context, req *http.Request) error {
	for i := 0; ; i++ {
		resp, err := s.hc.Do(req.WithContext(ctx))
		if err == nil && resp.StatusCode < http.StatusInternalServerError {
			return resp.Body.Close()
		}
		if i >= len(s.schedule) {
			return err
		}
		d := s.schedule[i]
		time.Sleep(d/2 + rand.N(d/2))
	}
}
