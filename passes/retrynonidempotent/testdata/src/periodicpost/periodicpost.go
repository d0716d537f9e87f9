// Package periodicpost posts on a period. Join rejoins a pool when its
// membership is about to lapse, and a failed join tries again a minute
// later, on a wait of its own: that path re-sends the POST. Sync pushes
// every interval, failed or not, on waits of the same interval; Report
// sends a daily report when a setting (read through a getter) allows it:
// both are schedules, and a round after a failure sends a new push.
package periodicpost

import (
	"log"
	"net/http"
	"time"
)

func Join(pool string) { // want Join:`sends unkeyed POST \(retried=true\)`
	for {
		resp, err := http.Post(pool, "application/json", nil) // want `POST request is retried without an Idempotency-Key header`
		if err != nil {
			log.Print(err)
			time.Sleep(time.Minute)
			continue
		}
		resp.Body.Close()
		if resp.StatusCode == http.StatusUnauthorized {
			return
		}
		time.Sleep(50 * time.Minute)
	}
}

func Sync(u string, interval time.Duration, done chan struct{}) { // want Sync:`sends unkeyed POST \(retried=false\)`
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
			timer.Reset(interval)
			continue
		}
		resp.Body.Close()
		timer.Reset(interval)
	}
}

type Options struct{ Accepted int }

type Config interface{ Options() Options }

type Reporter struct{ cfg Config }

func (r *Reporter) send(u string) error { // want send:`sends unkeyed POST \(retried=false\)`
	resp, err := http.Post(u, "application/json", nil)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (r *Reporter) Serve(u string, done chan struct{}) { // want Serve:`sends unkeyed POST \(retried=false\)`
	t := time.NewTimer(time.Minute)
	for {
		select {
		case <-done:
			return
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
