// Package closecheck pulls messages in loops that log a failed fetch,
// then check a close channel without blocking, then test the failure
// again to go round: the close check is on the failure path.
package closecheck

import (
	"errors"
	"log"
)

var errTimeout = errors.New("timeout")

type Sub struct{}

func (s *Sub) Fetch(n int) ([]string, error) { return nil, nil }

// Pull stops when closeCh is closed, failed fetches included.
func Pull(sub *Sub, out chan<- string, closeCh <-chan struct{}) {
	for {
		msgs, err := sub.Fetch(1)
		if err != nil && !errors.Is(err, errTimeout) {
			log.Println(err)
		}
		select {
		case <-closeCh:
			return
		default:
		}
		if err != nil && !errors.Is(err, errTimeout) {
			continue
		}
		for _, m := range msgs {
			out <- m
		}
	}
}

// PullForever has no close check: a fetch that keeps failing spins.
func PullForever(sub *Sub, out chan<- string) {
	for { // want `retry loop can run forever`
		msgs, err := sub.Fetch(1)
		if err != nil && !errors.Is(err, errTimeout) {
			log.Println(err)
		}
		log.Println("fetched")
		if err != nil && !errors.Is(err, errTimeout) {
			continue
		}
		for _, m := range msgs {
			out <- m
		}
	}
}
