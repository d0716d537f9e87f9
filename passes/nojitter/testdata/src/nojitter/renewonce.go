package nojitter

import (
	"errors"
	"net/http"
)

var errUnauthorized = errors.New("unauthorized")

func readSecret() error {
	resp, err := http.Get("https://vault.example.com/secret")
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode == http.StatusUnauthorized {
		return errUnauthorized
	}
	return nil
}

func renewToken() error { return nil }

// A budget of one retry that counts down (a token renewed after a 401,
// the request sent once more) makes no storm, with or without a delay.
func renewOnce() error {
	retries := 1
	for {
		err := readSecret()
		if err == nil {
			return nil
		}
		if errors.Is(err, errUnauthorized) && retries > 0 {
			if err := renewToken(); err != nil {
				return err
			}
			retries--
			continue
		}
		return err
	}
}

// The closest hazard: a budget of three, spent at once.
func renewThrice() error {
	retries := 3
	for { // want `retry loop retries at once`
		err := readSecret()
		if err == nil {
			return nil
		}
		if errors.Is(err, errUnauthorized) && retries > 0 {
			retries--
			continue
		}
		return err
	}
}

// Two attempts are one retry too, whatever the loop counts with.
func twoAttempts() error {
	var err error
	for range 2 {
		if err = readSecret(); err == nil {
			return nil
		}
	}
	return err
}

// Three attempts spent at once are a hot retry.
func threeAttempts() error {
	var err error
	for range 3 { // want `retry loop retries at once`
		if err = readSecret(); err == nil {
			return nil
		}
	}
	return err
}
