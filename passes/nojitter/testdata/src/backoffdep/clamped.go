package backoffdep

import "time"

// Doubler doubles its delay each call and returns Max once it passes it:
// the early return is its cap.
type Doubler struct {
	Base, Max time.Duration
	n         int
}

// Next returns the next delay.
func (b *Doubler) Next() time.Duration { // want Next:`delay\(random=false capped=true grows=true\)`
	d := b.Base * time.Duration(1<<b.n)
	b.n++
	if d > b.Max {
		return b.Max
	}
	return d
}

// Shifted doubles its delay and falls back to Max only when the shift
// overflows: a sign test, not a cap.
func Shifted(base, max time.Duration, attempt int) time.Duration { // want Shifted:`delay\(random=false capped=false grows=true\)`
	if d := base << uint(attempt); d > 0 {
		return d
	}
	return max
}
