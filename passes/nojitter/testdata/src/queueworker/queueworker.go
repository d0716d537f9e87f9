// Package queueworker drains a queue of jobs kept in a field. Popping a
// job before running it moves on to the next one whatever happens; a
// worker that pops the job only after it succeeded runs a failed one
// again at once.
package queueworker

import (
	"log"
	"sync"
)

type job struct {
	name string
	run  func() error
}

type manager struct {
	mu    sync.Mutex
	queue []job
	names map[string]struct{}
}

// worker pops the next job, runs it and logs a failure: a drain, no retry.
func (m *manager) worker() {
	for {
		m.mu.Lock()
		if len(m.queue) == 0 {
			m.mu.Unlock()
			return
		}
		next := m.queue[0]
		m.queue = m.queue[1:]
		m.mu.Unlock()
		if err := next.run(); err != nil {
			log.Print("job failed: ", err)
		}
		if next.name != "" {
			m.mu.Lock()
			delete(m.names, next.name)
			m.mu.Unlock()
		}
	}
}

// headWorker pops the job only once it succeeded: a failed one runs
// again at once.
func (m *manager) headWorker() {
	for { // want `retry loop retries at once`
		m.mu.Lock()
		if len(m.queue) == 0 {
			m.mu.Unlock()
			return
		}
		next := m.queue[0]
		m.mu.Unlock()
		if err := next.run(); err != nil {
			log.Print("job failed: ", err)
			continue
		}
		m.mu.Lock()
		m.queue = m.queue[1:]
		m.mu.Unlock()
	}
}
