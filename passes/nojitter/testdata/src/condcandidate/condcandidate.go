// want package:`waits bind freePort samePort`
// Package condcandidate: an attempt tested where it is made (if bind(p)
// == nil) is judged by its inputs as an assigned one is: a loop that hands
// it the next candidate each round tries another thing, not the same
// thing again.
package condcandidate

import (
	"fmt"
	"net"
)

var first = 3128

func bind(port int) error {
	l, err := net.ListenPacket("udp", fmt.Sprintf(":%d", port))
	if err != nil {
		return err
	}
	return l.Close()
}

// Not reported: each round binds the next port.
func freePort() (int, error) {
	for p := first; p <= first+100; p++ {
		if bind(p) == nil {
			return p, nil
		}
	}
	return 0, fmt.Errorf("no free port")
}

// Reported: the same port, again and again, at once.
func samePort(p int) error {
	for i := 0; i < 100; i++ { // want `retry loop retries at once`
		if bind(p) == nil {
			return nil
		}
	}
	return fmt.Errorf("port %d stays taken", p)
}
