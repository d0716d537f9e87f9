package nojitter

import (
	"math/rand"
	"net/http"
	"time"
)

// A shift by the attempt modulo a constant doubles up to 1 << 6 and starts
// over: it cannot exceed a constant, so it has a cap; the jitter added
// afterwards is jitter.
func cappedByModulo(url string) error {
	for attempt := 0; ; attempt++ {
		resp, err := http.Get(url)
		if err == nil {
			return resp.Body.Close()
		}
		if attempt > 10 {
			return err
		}
		d := time.Duration(1<<(attempt%7)) * 100 * time.Millisecond
		d += time.Duration(rand.Int63n(int64(d) / 10))
		time.Sleep(d)
	}
}

// The same with a mask.
func cappedByMask(url string) error {
	for attempt := 0; attempt < 10; attempt++ {
		resp, err := http.Get(url)
		if err == nil {
			return resp.Body.Close()
		}
		d := time.Duration(1<<(attempt&7)) * 100 * time.Millisecond
		time.Sleep(d + time.Duration(rand.Int63n(int64(d)/2)))
	}
	return nil
}

// The closest hazard: the shift by the attempt itself grows without a cap,
// jitter or not.
func uncappedShift(url string) error {
	for attempt := 0; attempt < 10; attempt++ {
		resp, err := http.Get(url)
		if err == nil {
			return resp.Body.Close()
		}
		d := time.Duration(1<<attempt) * 100 * time.Millisecond
		time.Sleep(d + time.Duration(rand.Int63n(int64(d)/2))) // want `retry delay grows without a cap`
	}
	return nil
}

// stepped grows with the attempt only while the attempt is below 50, then
// stays at 5s: it has a cap.
func stepped(b int) time.Duration { // want stepped:`delay\(random=true capped=true grows=true\)`
	if b < 50 {
		return time.Millisecond * time.Duration(rand.Intn(100)+5*b)
	}
	return 5 * time.Second
}

// unstepped grows with the attempt on every call.
func unstepped(b int) time.Duration { // want unstepped:`delay\(random=true capped=false grows=true\)`
	return time.Millisecond * time.Duration(rand.Intn(100)+5*b)
}

func cappedByBranch(url string) error {
	for attempt := 0; ; attempt++ {
		resp, err := http.Get(url)
		if err == nil {
			return resp.Body.Close()
		}
		time.Sleep(stepped(attempt))
	}
}

func uncappedHelper(url string) error {
	for attempt := 0; ; attempt++ {
		resp, err := http.Get(url)
		if err == nil {
			return resp.Body.Close()
		}
		time.Sleep(unstepped(attempt)) // want `retry delay grows without a cap`
	}
}
