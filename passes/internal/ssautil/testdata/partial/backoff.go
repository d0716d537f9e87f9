// Package partial is the fixture of TestPartialSameSSA: a backoff and a key
// helper whose SSA reaches the rest of the package in every way a partial
// form must keep (static calls, methods, closures, function values kept
// in package-level variables, method values and expressions, generics,
// promoted methods, interface dispatch), beside functions none of them
// names.
package partial

import (
	"crypto/rand"
	"encoding/hex"
	"math"
	mrand "math/rand/v2"
	"strings"
	"time"
)

// jitter is a function value kept in a package-level variable.
var jitter = halfJitter

var sleep = time.Sleep

type stepper interface {
	step(d time.Duration) time.Duration
}

type doubling struct{ max time.Duration }

func (s doubling) step(d time.Duration) time.Duration { return capped(2*d, s.max) }

type linear struct{ inc time.Duration }

func (l *linear) step(d time.Duration) time.Duration { return d + l.inc }

type base struct{ initial time.Duration }

func (b *base) first() time.Duration { return b.initial }

// Backoff embeds base: first is promoted.
type Backoff struct {
	base
	s       stepper
	attempt int
	cur     time.Duration
}

// Next is asked for: it calls a method through an interface, a promoted
// method, a function kept in a variable and a generic function.
func (b *Backoff) Next() time.Duration {
	if b.attempt == 0 {
		b.cur = b.first()
	} else {
		b.cur = b.s.step(b.cur)
	}
	b.attempt++
	return jitter(clamp(b.cur, 0, time.Minute))
}

func halfJitter(d time.Duration) time.Duration {
	return d/2 + mrand.N(d/2+1)
}

func capped(d, limit time.Duration) time.Duration { return min(d, limit) }

func clamp[T ~int64](v, lo, hi T) T { return max(lo, min(v, hi)) }

// Exp is asked for: closures, a method value and a method expression.
func Exp(attempt int) time.Duration {
	grow := func(d time.Duration) time.Duration {
		return d * time.Duration(math.Pow(2, float64(attempt)))
	}
	l := &linear{inc: time.Second}
	step := l.step
	first := (*base).first
	return grow(step(first(&base{initial: time.Millisecond})))
}

// NewKey is asked for: a key made from crypto/rand through a helper.
func NewKey(prefix string) string {
	return strings.ToLower(prefix) + "-" + randomHex(8)
}

func randomHex(n int) string {
	buf := make([]byte, n)
	_, _ = rand.Read(buf)
	return hex.EncodeToString(buf)
}

// Wait is named by none of the above.
func Wait(b *Backoff) {
	sleep(b.Next())
}

// unused is named by nothing.
func unused() stepper { return doubling{max: time.Hour} }

func init() {
	if jitter == nil {
		jitter = func(d time.Duration) time.Duration { return d }
	}
}
