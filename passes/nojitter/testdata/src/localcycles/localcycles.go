// want package:`waits MutualLocals Rotate SelfDefined Swap SwapNoJitter sleepGrown sleepRotated sleepSwapped sleepWithJitter`

// Package localcycles holds wait helpers whose locals are defined from
// each other: reading where a delay comes from must stop at a local it
// has already followed.
package localcycles

import (
	"errors"
	"math/rand"
	"time"
)

func op() error { return errors.New("unavailable") }

// sleepWithJitter swaps its bounds: after the swap each is defined from
// the other.
func sleepWithJitter(min, max time.Duration) {
	if min > max {
		min, max = max, min
	}
	if j := max - min; j > 0 {
		time.Sleep(min + time.Duration(rand.Int63n(int64(j))))
	} else {
		time.Sleep(min)
	}
}

func Swap() {
	for i := 0; i < 3; i++ {
		if err := op(); err == nil {
			return
		}
		sleepWithJitter(50*time.Millisecond, 200*time.Millisecond)
	}
}

// sleepSwapped swaps, then waits on one of the two with no random part.
func sleepSwapped(a, b time.Duration) {
	if a > b {
		a, b = b, a
	}
	time.Sleep(a)
}

func SwapNoJitter() {
	for i := 0; i < 3; i++ {
		if err := op(); err == nil {
			return
		}
		sleepSwapped(time.Second, 2*time.Second) // want `retry delay has no jitter`
	}
}

// sleepRotated rotates three locals.
func sleepRotated(a, b, c time.Duration) {
	if a > b {
		a, b, c = b, c, a
	}
	time.Sleep(a + time.Duration(rand.Int63n(int64(c+1))))
}

func Rotate() {
	for i := 0; i < 3; i++ {
		if err := op(); err == nil {
			return
		}
		sleepRotated(time.Second, 2*time.Second, 3*time.Second)
	}
}

// sleepGrown defines its delay from itself.
func sleepGrown(d time.Duration) {
	d = d + d/2
	time.Sleep(d)
}

func SelfDefined() {
	for i := 0; i < 3; i++ {
		if err := op(); err == nil {
			return
		}
		sleepGrown(time.Second) // want `retry delay has no jitter`
	}
}

// Locals of the loop defined from each other.
func MutualLocals() {
	d := time.Second
	e := d
	for i := 0; i < 3; i++ {
		if err := op(); err == nil {
			return
		}
		d = e
		e = d
		time.Sleep(d) // want `retry delay has no jitter`
	}
}
