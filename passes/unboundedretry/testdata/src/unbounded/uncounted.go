package unbounded

import (
	"context"
	"errors"
	"net/http"
	"time"
)

var errBusy = errors.New("busy")

type Mirror struct {
	hc  *http.Client
	url string
}

// Push counts the 5xx it retries, but a transport error goes round
// before the count: a network that stays down keeps it spinning.
func (m *Mirror) Push(ctx context.Context) error {
	for tries := 0; tries < 5; { // want `a failure path goes round without counting the attempt`
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, m.url, nil)
		resp, err := m.hc.Do(req)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		resp.Body.Close()
		if resp.StatusCode >= 500 {
			tries++
			time.Sleep(time.Second)
			continue
		}
		return nil
	}
	return errBusy
}

// Pull counts every attempt at the top of the body: not reported.
func (m *Mirror) Pull(ctx context.Context) error {
	for tries := 0; tries < 5; {
		tries++
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, m.url, nil)
		resp, err := m.hc.Do(req)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		resp.Body.Close()
		if resp.StatusCode >= 500 {
			time.Sleep(time.Second)
			continue
		}
		return nil
	}
	return errBusy
}

// Sync goes round uncounted on a transport error, but only while the
// caller's context lasts: not reported.
func (m *Mirror) Sync(ctx context.Context) error {
	for tries := 0; tries < 5; {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, m.url, nil)
		resp, err := m.hc.Do(req)
		if err != nil {
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(time.Second):
			}
			continue
		}
		resp.Body.Close()
		if resp.StatusCode >= 500 {
			tries++
			time.Sleep(time.Second)
			continue
		}
		return nil
	}
	return errBusy
}

// Fetch counts in the post statement: not reported.
func (m *Mirror) Fetch(ctx context.Context) error {
	for tries := 0; tries < 5; tries++ {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, m.url, nil)
		resp, err := m.hc.Do(req)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		resp.Body.Close()
		return nil
	}
	return errBusy
}
