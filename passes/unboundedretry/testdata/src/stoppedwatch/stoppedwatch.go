// Package stoppedwatch watches a service by long polls. Each poll runs in
// a goroutine and the call waits for its answer or for the watcher's stop
// channel, on which it returns errStopped. The watch loop returns on
// errStopped, so stopping the watcher ends it although its failure path
// checks nothing of its own.
package stoppedwatch

import (
	"errors"
	"net/http"
	"time"
)

var errStopped = errors.New("stopped")

type Watcher struct {
	url   string
	quitc chan struct{}
	last  int
}

func (w *Watcher) poll(index int, stop chan struct{}) (int, error) {
	errc := make(chan error, 1)
	resc := make(chan int, 1)
	go func() {
		resp, err := http.Get(w.url)
		if err != nil {
			errc <- err
			return
		}
		resp.Body.Close()
		resc <- resp.StatusCode
	}()
	select {
	case err := <-errc:
		return 0, err
	case n := <-resc:
		return n, nil
	case <-stop:
		return 0, errStopped
	}
}

func (w *Watcher) loop() {
	d := 10 * time.Millisecond
	for {
		index, err := w.poll(w.last, w.quitc)
		switch {
		case errors.Is(err, errStopped):
			return
		case err != nil:
			time.Sleep(d)
			d = min(2*d, time.Minute)
		default:
			w.last = index
			d = 10 * time.Millisecond
		}
	}
}

// loopIgnoringStop logs the stop and polls again: nothing ends it.
func (w *Watcher) loopIgnoringStop() {
	d := 10 * time.Millisecond
	for { // want `retry loop can run forever`
		index, err := w.poll(w.last, w.quitc)
		switch {
		case err != nil:
			time.Sleep(d)
			d = min(2*d, time.Minute)
		default:
			w.last = index
			d = 10 * time.Millisecond
		}
	}
}
