// Package ampresty retries calls made through resty clients. resty
// retries a request only when its client's retry count is set: a plain
// client sends once, so a loop around it retries at one layer; a client
// with SetRetryCount(3) retries inside each attempt of the loop. What
// resty's own code does inside Execute is read through its model, not
// through facts learned from its body.
package ampresty

import (
	"time"

	"github.com/go-resty/resty/v2"
)

type Geo struct {
	plain    *resty.Client
	retrying *resty.Client
}

func New() *Geo {
	return &Geo{plain: resty.New(), retrying: resty.New().SetRetryCount(3)}
}

// Lookup retries a plain client's POST: one layer.
func (g *Geo) Lookup(url string) error { // want Lookup:`retries\(attempts=3\)`
	var err error
	for i := 0; i < 3; i++ {
		if _, err = g.plain.R().Post(url); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// LookupTwice retries a client that retries too.
func (g *Geo) LookupTwice(url string) error { // want LookupTwice:`retries\(attempts=12\)`
	var err error
	for i := 0; i < 3; i++ {
		if _, err = g.retrying.R().Post(url); err == nil { // want `retry inside a retry`
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
