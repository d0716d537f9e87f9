// Package awsbackoffdep holds backoff strategies shared by the services'
// AWS clients.
package awsbackoffdep

import (
	"math/rand/v2"
	"time"
)

// Doubling doubles the delay up to Max, with no random part.
type Doubling struct {
	Base, Max time.Duration
}

func (d Doubling) BackoffDelay(attempt int, err error) (time.Duration, error) { // want BackoffDelay:`delay\(random=false capped=true grows=true\)`
	return min(d.Base<<attempt, d.Max), nil
}

// Spread waits a random part of a doubling delay.
type Spread struct {
	Base, Max time.Duration
}

func (s *Spread) BackoffDelay(attempt int, err error) (time.Duration, error) { // want BackoffDelay:`delay\(random=true capped=true grows=true\)`
	d := min(s.Base<<attempt, s.Max)
	return d/2 + rand.N(d/2), nil
}
