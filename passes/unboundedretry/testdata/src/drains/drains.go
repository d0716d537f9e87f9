// Package drains works through queues in loops whose failure moves on to
// the next item: nothing is tried again.
package drains

import (
	"log"
	"sync"
)

func handle(id string) error { return nil }

// Walk pops the next ID each round, after a failure too.
func Walk(first string, more func(string) []string) {
	queue := []string{first}
	for len(queue) > 0 {
		next := queue[0]
		queue = queue[1:]
		if err := handle(next); err != nil {
			log.Println(err)
			continue
		}
		queue = append(queue, more(next)...)
	}
}

type item struct{ repo, val string }

type Scheduler struct {
	mu     sync.Mutex
	active map[string][]*item
}

// Drain takes the repository's next item after each one, failed or not,
// and stops when none is left.
func (s *Scheduler) Drain(work *item) {
	for work != nil {
		if err := handle(work.val); err != nil {
			log.Println(err)
		}
		s.mu.Lock()
		rem := s.active[work.repo]
		if len(rem) == 0 {
			delete(s.active, work.repo)
			work = nil
		} else {
			work = rem[0]
			s.active[work.repo] = rem[1:]
		}
		s.mu.Unlock()
	}
}

// Stuck handles the same item again after a failure, forever.
func (s *Scheduler) Stuck(work *item) {
	for work != nil { // want `retry loop can run forever`
		if err := handle(work.val); err != nil {
			log.Println(err)
			continue
		}
		work = nil
	}
}
