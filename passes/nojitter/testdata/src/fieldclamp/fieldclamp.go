// want package:`waits Send SendUnclamped`

// Package fieldclamp keeps a backoff's current interval in a field. One
// that sets the field to its maximum once the next step would pass it
// (cenkalti/backoff's shape) is capped; one that multiplies it whatever
// its value grows without a cap.
package fieldclamp

import (
	"errors"
	"math/rand/v2"
	"time"
)

type Backoff struct {
	cur, Initial, Max time.Duration
	Mult              float64
}

func (b *Backoff) Next() time.Duration { // want Next:`delay\(random=true capped=true grows=true\)`
	if b.cur == 0 {
		b.cur = b.Initial
	}
	d := b.cur/2 + rand.N(b.cur/2)
	if float64(b.cur) >= float64(b.Max)/b.Mult {
		b.cur = b.Max
	} else {
		b.cur = time.Duration(float64(b.cur) * b.Mult)
	}
	return d
}

type Unclamped struct {
	cur, Initial time.Duration
	Mult         float64
}

func (b *Unclamped) Next() time.Duration { // want Next:`delay\(random=true capped=false grows=true\)`
	if b.cur == 0 {
		b.cur = b.Initial
	}
	d := b.cur/2 + rand.N(b.cur/2)
	b.cur = time.Duration(float64(b.cur) * b.Mult)
	return d
}

func send() error { return errors.New("refused") }

func Send(b *Backoff) error {
	var err error
	for {
		if err = send(); err == nil {
			return nil
		}
		time.Sleep(b.Next())
	}
}

func SendUnclamped(b *Unclamped) error {
	var err error
	for {
		if err = send(); err == nil {
			return nil
		}
		time.Sleep(b.Next()) // want `retry delay grows without a cap`
	}
}
