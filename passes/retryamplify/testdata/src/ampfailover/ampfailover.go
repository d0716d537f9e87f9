// Package ampfailover connects to the first broker of a list that answers
// (failover: a failure moves on to the next, a success leaves), inside a
// reconnect loop that tries the whole list again: every outer attempt
// runs the failover again, so the dials multiply. A loop that hands every
// item to a call, whatever the outcome, is a walk over the list.
package ampfailover

import (
	"errors"
	"log"
	"math/rand/v2"
	"net"
	"time"
)

func dial(addr string) (net.Conn, error) { return nil, errors.New("refused") }

// connectOnce tries each broker once.
func connectOnce(brokers []string) (net.Conn, error) { // want connectOnce:`retries\(attempts=0\)`
	var err error
	for _, b := range brokers {
		var c net.Conn
		if c, err = dial(b); err != nil {
			continue
		}
		return c, nil
	}
	return nil, err
}

// Reconnect tries the whole list five times.
func Reconnect(brokers []string) net.Conn { // want Reconnect:`retries\(attempts=0\)`
	for range 5 {
		if c, err := connectOnce(brokers); err == nil { // want `retry inside a retry`
			return c
		}
		time.Sleep(time.Second/2 + rand.N(time.Second/2))
	}
	return nil
}

func notify(addr string) error { return errors.New("down") }

// notifyAll tells every peer: a failure skips one, success does not stop.
func notifyAll(peers []string) {
	for _, p := range peers {
		if err := notify(p); err != nil {
			log.Print(err)
			continue
		}
	}
}

// Announce repeats the announcement three times.
func Announce(peers []string) {
	for range 3 {
		notifyAll(peers)
		time.Sleep(time.Second/2 + rand.N(time.Second/2))
	}
}

func stat(path string) error { return errors.New("missing") }

// findConfig returns the first path that exists: a search over names,
// not failover over targets (it reaches no network).
func findConfig(paths []string) (string, error) {
	for _, p := range paths {
		if err := stat(p); err != nil {
			continue
		}
		return p, nil
	}
	return "", errors.New("no config")
}

// LoadConfig looks again while the config is being written.
func LoadConfig(paths []string) (string, error) { // want LoadConfig:`retries\(attempts=3\)`
	var err error
	for range 3 {
		var p string
		if p, err = findConfig(paths); err == nil {
			return p, nil
		}
		time.Sleep(time.Second/2 + rand.N(time.Second/2))
	}
	return "", err
}
