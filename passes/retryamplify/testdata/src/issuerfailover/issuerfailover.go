// Package issuerfailover obtains a certificate through a retry helper
// whose operation tries each configured issuer in turn until one answers:
// failover, called on each target as the receiver of its method. Each
// outer attempt tries every issuer again, so the attempts multiply. A
// notification sent to every subscriber in turn is no failover: it goes
// on after a success.
package issuerfailover

import (
	"context"
	"net/http"
	"strings"
	"time"
)

type Issuer interface {
	Issue(ctx context.Context, csr string) (string, error)
}

type acmeIssuer struct {
	hc  *http.Client
	url string
}

func (a *acmeIssuer) Issue(ctx context.Context, csr string) (string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, a.url, strings.NewReader(csr))
	if err != nil {
		return "", err
	}
	resp, err := a.hc.Do(req)
	if err != nil {
		return "", err
	}
	resp.Body.Close()
	return "cert", nil
}

var _ Issuer = (*acmeIssuer)(nil)

type Subscriber interface {
	Notify(ctx context.Context, msg string) error
}

type hook struct {
	hc  *http.Client
	url string
}

func (h *hook) Notify(ctx context.Context, msg string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, h.url, strings.NewReader(msg))
	if err != nil {
		return err
	}
	resp, err := h.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

var _ Subscriber = (*hook)(nil)

func doWithRetry(ctx context.Context, f func(context.Context) error) error { // want doWithRetry:`retries\(attempts=5\)`
	var err error
	for i := 0; i < 5; i++ {
		if err = f(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return err
}

func Obtain(ctx context.Context, issuers []Issuer, csr string) error { // want Obtain:`retries\(attempts=5\)`
	return doWithRetry(ctx, func(ctx context.Context) error {
		var err error
		for _, iss := range issuers { // want `retry inside a retry`
			if _, err = iss.Issue(ctx, csr); err == nil {
				return nil
			}
		}
		return err
	})
}

// Broadcast notifies every subscriber, whatever the last one answered:
// silent.
func Broadcast(ctx context.Context, subs []Subscriber, msg string) error { // want Broadcast:`retries\(attempts=5\)`
	return doWithRetry(ctx, func(ctx context.Context) error {
		var firstErr error
		for _, s := range subs {
			if err := s.Notify(ctx, msg); err != nil && firstErr == nil {
				firstErr = err
			}
		}
		return firstErr
	})
}
