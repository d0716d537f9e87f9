// want package:`waits Manager.Refresh Manager.Session`

// Package gotowait holds goto retries whose failure branch jumps ahead to
// a wait that every way round shares, which then jumps back.
package gotowait

import (
	"errors"
	"log"
	"time"
)

func create() (string, error) { return "", errors.New("unavailable") }

func hold(id string) error { return nil }

type Manager struct{ stop chan struct{} }

const createRetry = 15 * time.Second

// Session creates a session and holds it until it ends; a failed create
// jumps to the shared wait and goes round after a constant delay.
func (m *Manager) Session() {
START:
	id, err := create()
	if err != nil {
		log.Printf("create: %v", err)
		goto WAIT
	}
	if err := hold(id); err != nil {
		log.Printf("hold: %v", err)
	}

WAIT:
	select {
	case <-time.After(createRetry): // want `retry delay has no jitter`
		goto START
	case <-m.stop:
		return
	}
}

// Refresh jumps to its wait only after a success: a failed create
// returns, so the wait paces refreshes, not retries.
func (m *Manager) Refresh() error {
START:
	id, err := create()
	if err != nil {
		return err
	}
	if id != "" {
		goto WAIT
	}
	return nil

WAIT:
	select {
	case <-time.After(createRetry):
		goto START
	case <-m.stop:
		return nil
	}
}
