package backoff

import "time"

type Backoff struct {
	Factor float64
	Jitter bool
	Min    time.Duration
	Max    time.Duration
}

func (b *Backoff) Duration() time.Duration                  { return 0 }
func (b *Backoff) ForAttempt(attempt float64) time.Duration { return 0 }
func (b *Backoff) Reset()                                   {}
func (b *Backoff) Attempt() float64                         { return 0 }
