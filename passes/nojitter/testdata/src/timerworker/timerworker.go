// want package:`waits Worker.Loop Worker.LoopJittered Worker.Refresh Worker.Sync`

// Package timerworker fetches jobs when a timer fires, the way Redis job
// workers do: each path sets the timer for the next fetch.
package timerworker

import (
	"errors"
	"log"
	"math/rand"
	"time"
)

type Job struct{}

type Worker struct {
	stop     chan struct{}
	backoffs []int64
}

func (w *Worker) fetch() (*Job, error) { return nil, errors.New("down") }
func (w *Worker) process(*Job)         {}

// Loop fetches again 10 ms after a failed fetch: every worker of every
// pool that lost the store fetches in step.
func (w *Worker) Loop() {
	var idle int64
	timer := time.NewTimer(0)
	defer timer.Stop()
	for {
		select {
		case <-w.stop:
			return
		case <-timer.C:
			job, err := w.fetch()
			if err != nil {
				log.Println(err)
				timer.Reset(10 * time.Millisecond) // want `retry delay has no jitter`
			} else if job != nil {
				w.process(job)
				idle = 0
				timer.Reset(0)
			} else {
				idle = min(idle+1, int64(len(w.backoffs))-1)
				timer.Reset(time.Duration(w.backoffs[idle]) * time.Millisecond)
			}
		}
	}
}

// LoopJittered spreads the fetch after a failure.
func (w *Worker) LoopJittered() {
	timer := time.NewTimer(0)
	defer timer.Stop()
	for {
		select {
		case <-w.stop:
			return
		case <-timer.C:
			job, err := w.fetch()
			if err != nil {
				timer.Reset(5*time.Millisecond + time.Duration(rand.Int63n(int64(10*time.Millisecond))))
				continue
			}
			if job != nil {
				w.process(job)
			}
			timer.Reset(0)
		}
	}
}

// Sync runs on a ticker, failed or not: the ticker paces a schedule.
func (w *Worker) Sync() {
	ticker := time.NewTicker(time.Minute)
	defer ticker.Stop()
	for {
		select {
		case <-w.stop:
			return
		case <-ticker.C:
			if _, err := w.fetch(); err != nil {
				log.Println(err)
				continue
			}
			log.Println("synced")
		}
	}
}

// Refresh sets the same timer whatever the outcome.
func (w *Worker) Refresh() {
	t := time.NewTimer(time.Minute)
	for {
		select {
		case <-w.stop:
			return
		case <-t.C:
			if _, err := w.fetch(); err != nil {
				log.Println(err)
			}
			t.Reset(time.Minute)
		}
	}
}
