// Package backoffdep is a backoff counter copied into a program from
// jpillora/backoff, as SDKs keep one in an internal package: its jitter is
// added only when the Jitter field is set.
package backoffdep

import (
	"math/rand/v2"
	"time"
)

// Backoff doubles from Initial up to Max; Jitter adds a random delay of up
// to its value.
type Backoff struct {
	attempts int
	Initial  time.Duration
	Jitter   time.Duration
	Max      time.Duration
}

// Duration returns the next delay.
func (b *Backoff) Duration() time.Duration { // want Duration:`delay\(random=true if Jitter is set, capped=true grows=true\)`
	d := b.Initial << uint(b.attempts)
	if d > b.Max {
		d = b.Max
	}
	if b.Jitter > 0 {
		d += rand.N(b.Jitter)
	}
	b.attempts++
	return d
}

// Attempts is the number of delays handed out since the last Reset.
func (b *Backoff) Attempts() int { return b.attempts }

// Reset starts again from Initial.
func (b *Backoff) Reset() { b.attempts = 0 }

// Spread returns a delay that is always jittered.
func (b *Backoff) Spread() time.Duration { // want Spread:`delay\(random=true capped=true grows=true\)`
	d := min(b.Initial<<uint(b.attempts), b.Max)
	b.attempts++
	return d/2 + rand.N(d/2+1)
}

// Max returns the longest of the delays: one of its arguments, judged
// where it is called. (Its comparison reads as a clamp to the tracer.)
func Max(values ...time.Duration) time.Duration { // want Max:`delay\(random=false capped=true grows=false\)`
	var m time.Duration
	for _, v := range values {
		if v > m {
			m = v
		}
	}
	return m
}

// Spreader spreads its delays by a fraction.
type Spreader struct {
	attempts int
	Base     time.Duration
	Fraction float64
	Mode     string
}

// Next tests a string field against "": not a gate, and no panic reading
// the constant (Const.Int64 panics on a string).
func (s *Spreader) Next() time.Duration { // want Next:`delay\(random=true capped=true grows=true\)`
	d := min(s.Base<<uint(s.attempts), time.Minute)
	s.attempts++
	if s.Mode != "" {
		d += time.Duration(s.Fraction * rand.Float64() * float64(d))
	}
	return d
}
