// want package:`waits Join Report Reporter.Serve Reporter.send Sync Watch`

// Package rejoin keeps a relay in a pool: it joins, and joins again when
// the pool says its membership is about to lapse. A failed join waits a
// minute of its own and tries again, forever: the failure path is a
// retry of the join, whatever the rounds after a success do. A report
// sent once a day, failed or not, goes round through the same wait: a
// schedule. A watch that hands each reading on is a schedule too, but
// its failed reading goes round to the same call: that path alone is a
// retry (failure paths).
package rejoin

import (
	"bytes"
	"io"
	"log"
	"net/http"
	"time"
)

func Join(pool string) {
	for {
		var b bytes.Buffer
		b.WriteString(`{"url":"relay://example.com:22067"}`)
		resp, err := http.Post(pool, "application/json", &b)
		if err != nil {
			log.Printf("joining %s: %v", pool, err)
			time.Sleep(time.Minute) // want `retry delay has no jitter`
			continue
		}
		bs, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			time.Sleep(time.Minute) // want `retry delay has no jitter`
			continue
		}
		switch resp.StatusCode {
		case http.StatusOK:
			log.Printf("joined %s: %s", pool, bs)
			time.Sleep(50 * time.Minute)
			continue
		case http.StatusUnauthorized:
			return
		default:
			time.Sleep(time.Minute) // want `retry delay has no jitter`
			continue
		}
	}
}

func Report(u string) {
	for {
		resp, err := http.Get(u)
		if err == nil {
			resp.Body.Close()
		} else {
			log.Print(err)
		}
		time.Sleep(24 * time.Hour)
	}
}

func Watch(u string, out chan<- int) {
	for {
		resp, err := http.Get(u)
		if err != nil {
			time.Sleep(2 * time.Second) // want `retry delay has no jitter`
			continue
		}
		resp.Body.Close()
		out <- resp.StatusCode
		time.Sleep(5 * time.Second)
	}
}

type Options struct{ Accepted int }

type Config interface{ Options() Options }

type Reporter struct {
	cfg      Config
	forceRun chan struct{}
}

func (r *Reporter) send(u string) error {
	resp, err := http.Post(u, "application/json", nil)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Serve reports once a day if the user agreed to it (a setting read
// through a getter, not state a report leaves behind): failed or not,
// the next report is tomorrow's.
func (r *Reporter) Serve(u string, done chan struct{}) {
	t := time.NewTimer(time.Minute)
	for {
		select {
		case <-done:
			return
		case <-r.forceRun:
			t.Reset(0)
		case <-t.C:
			if r.cfg.Options().Accepted >= 2 {
				if err := r.send(u); err != nil {
					log.Print(err)
				}
			}
			t.Reset(24 * time.Hour)
		}
	}
}

// Sync pushes the state every interval: a failed push and a done one
// both wait the same interval, on their own calls. A schedule, though
// its failure path alone still goes round to the same push.
func Sync(u string, interval time.Duration, done chan struct{}) {
	timer := time.NewTimer(interval)
	for {
		select {
		case <-done:
			return
		case <-timer.C:
		}
		resp, err := http.Post(u, "application/json", nil)
		if err != nil {
			log.Print(err)
			timer.Reset(interval) // want `retry delay has no jitter`
			continue
		}
		resp.Body.Close()
		log.Print("synced")
		timer.Reset(interval)
	}
}
