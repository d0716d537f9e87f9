// Package tokenloop: a request whose own failure leaves the loop is sent
// again only after it succeeded, so the loop does not retry it.
package tokenloop

import (
	"bytes"
	"errors"
	"net/http"
	"time"
)

type apiError struct{ code int }

func (e *apiError) Error() string { return "api error" }

type vault struct{ token string }

// fetchToken POSTs client credentials for a new token.
func (v *vault) fetchToken() error { // want fetchToken:`sends unkeyed POST \(retried=false\)`
	resp, err := http.PostForm("https://auth.example.com/oauth/token", nil)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return errors.New("no token")
	}
	v.token = "t"
	return nil
}

func (v *vault) ensureToken() error { // want ensureToken:`sends unkeyed POST \(retried=false\)`
	if v.token == "" {
		return v.fetchToken()
	}
	return nil
}

func (v *vault) read() (string, error) {
	resp, err := http.Get("https://vault.example.com/secret")
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return "", &apiError{code: resp.StatusCode}
	}
	return "secret", nil
}

func unauthorized(err error) bool {
	var ae *apiError
	return errors.As(err, &ae) && ae.code == http.StatusUnauthorized
}

// Secret re-sends the token POST only after it succeeded: its failure
// returns, before and after the 401 that sends the loop round.
func (v *vault) Secret() (string, error) { // want Secret:`sends unkeyed POST \(retried=false\)`
	retries := 1
	for {
		if err := v.ensureToken(); err != nil {
			return "", err
		}
		s, err := v.read()
		if err != nil {
			if unauthorized(err) && retries > 0 {
				if ferr := v.fetchToken(); ferr != nil {
					return "", ferr
				}
				retries--
				continue
			}
			return "", err
		}
		return s, nil
	}
}

// The same token POST checked in two statements.
func (v *vault) SecretTwoStatements() (string, error) { // want SecretTwoStatements:`sends unkeyed POST \(retried=false\)`
	for i := 0; i < 3; i++ {
		err := v.ensureToken()
		if err != nil {
			break
		}
		s, err := v.read()
		if err == nil {
			return s, nil
		}
		time.Sleep(time.Second)
	}
	return "", errors.New("no secret")
}

func charge(body []byte) error { // want charge:`sends unkeyed POST \(retried=false\)`
	resp, err := http.Post("https://pay.example.com/charges", "application/json", bytes.NewReader(body))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// The closest hazard: the charge POST's own failure goes round.
func (v *vault) Charge(body []byte) error { // want Charge:`sends unkeyed POST \(retried=false\)`
	for i := 0; i < 3; i++ {
		if err := v.ensureToken(); err != nil {
			return err
		}
		if err := charge(body); err != nil { // want `POST request is retried without an Idempotency-Key header`
			time.Sleep(time.Second)
			continue
		}
		return nil
	}
	return nil
}

// A failure that leaves only a switch goes round: the token POST is retried.
func (v *vault) SwitchBreak() error { // want SwitchBreak:`sends unkeyed POST \(retried=true\)`
	for i := 0; i < 3; i++ {
		switch {
		default:
			if err := v.ensureToken(); err != nil { // want `POST request is retried without an Idempotency-Key header`
				break
			}
			return nil
		}
		time.Sleep(time.Second)
	}
	return nil
}
