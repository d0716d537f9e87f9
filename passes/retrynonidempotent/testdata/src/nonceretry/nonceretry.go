// Package nonceretry sends a POST again only after the server rejected it
// with a 4xx that a fresh nonce or token answers: the server did not act
// on the first one, so the second cannot do the work twice.
package nonceretry

import (
	"bytes"
	"context"
	"errors"
	"net/http"
)

func sign(nonce string) string { return "jwt." + nonce }

// PushAuthRequest retries once with the nonce the server handed back in
// its 400.
func PushAuthRequest(ctx context.Context, c *http.Client, body []byte) (*http.Response, error) { // want PushAuthRequest:`sends unkeyed POST \(retried=false\)`
	nonce := ""
	var resp *http.Response
	for range 2 {
		req, err := http.NewRequestWithContext(ctx, "POST", "https://auth/par", bytes.NewReader(body))
		if err != nil {
			return nil, err
		}
		req.Header.Set("DPoP", sign(nonce))
		resp, err = c.Do(req)
		if err != nil {
			return nil, err
		}
		nonce = resp.Header.Get("DPoP-Nonce")
		if resp.StatusCode == http.StatusBadRequest && nonce != "" {
			resp.Body.Close()
			continue
		}
		break
	}
	return resp, nil
}

// Refreshed sends the POST again after a 401, with a new token.
func Refreshed(ctx context.Context, c *http.Client, refresh func() (string, error)) error { // want Refreshed:`sends unkeyed POST \(retried=false\)`
	token := "t0"
	for attempt := 0; attempt < 3; attempt++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://api/charges", nil)
		if err != nil {
			return err
		}
		req.Header.Set("Authorization", "Bearer "+token)
		resp, err := c.Do(req)
		if err != nil {
			return err
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusUnauthorized {
			return nil
		}
		if token, err = refresh(); err != nil {
			return err
		}
	}
	return errors.New("unauthorized")
}

// ServerErrors sends the POST again after a 5xx, which may come after the
// charge was made.
func ServerErrors(ctx context.Context, c *http.Client) error { // want ServerErrors:`sends unkeyed POST \(retried=true\)`
	for attempt := 0; attempt < 3; attempt++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://api/charges", nil)
		if err != nil {
			return err
		}
		resp, err := c.Do(req) // want `POST request is retried without an Idempotency-Key header by this retry loop`
		if err != nil {
			return err
		}
		resp.Body.Close()
		if resp.StatusCode < 500 {
			return nil
		}
	}
	return errors.New("server errors")
}
