// Package ampqueue plays a queue of tracks, switching to the next one each
// time the player says a track is done. Opening a track retries a few
// times. The switcher moves through the queue (it advances the queue and
// then asks whether the end is reached): each round opens another track,
// so it is an event loop, not an outer retry. A watchdog that reopens the
// track only while none is open is a reconnect loop: its rounds do retry
// the open, and the open's own retries multiply with them.
package ampqueue

import (
	"context"
	"errors"
	"log"
	"time"
)

type Track struct{ id int }

type Queue struct {
	Index int
	ids   []int
}

func (q *Queue) IsAtLastElement() bool { return q.Index >= len(q.ids)-1 }
func (q *Queue) IncreaseIndex()        { q.Index++ }

type Player struct {
	Done   chan struct{}
	Active *Track
	Queue  *Queue
}

var errBusy = errors.New("device busy")

func (p *Player) open(i int) (*Track, error) {
	if i < 0 {
		return nil, errBusy
	}
	return &Track{id: i}, nil
}

// openTrack tries three times to open track i.
func (p *Player) openTrack(i int) error { // want openTrack:`retries\(attempts=3\)`
	var err error
	for n := 0; n < 3; n++ {
		var t *Track
		if t, err = p.open(i); err == nil {
			p.Active = t
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return err
}

// switcher opens the next track of the queue each time one ends.
func (p *Player) switcher(ctx context.Context) { // want switcher:`retries\(attempts=3\)`
	for {
		select {
		case <-p.Done:
			p.Active = nil
			if !p.Queue.IsAtLastElement() {
				p.Queue.IncreaseIndex()
				if err := p.openTrack(p.Queue.Index); err != nil {
					log.Print("switching track: ", err)
				}
			}
		case <-ctx.Done():
			return
		}
	}
}

// watchdog reopens the current track whenever none is open.
func (p *Player) watchdog(ctx context.Context) { // want watchdog:`retries\(attempts=3\)`
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		select {
		case <-t.C:
			if p.Active == nil {
				if err := p.openTrack(p.Queue.Index); err != nil { // want `retry inside a retry`
					log.Print("reopening track: ", err)
				}
			}
		case <-ctx.Done():
			return
		}
	}
}
