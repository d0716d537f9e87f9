// Package stopdefault: accept loops that ask a stop channel without
// blocking (select { case <-exit: return; default: }) every round are
// bounded by it, like a context check.
package stopdefault

import (
	"errors"
	"time"
)

type listener interface{ Accept(func()) error }

func serve() {}

func listen(l listener, exit chan bool) {
	for {
		err := l.Accept(serve)
		select {
		case <-exit:
			return
		default:
			if err != nil {
				time.Sleep(time.Second)
				continue
			}
		}
		return
	}
}

func dial() error { return errors.New("refused") }

// The case that is ready first handles a message and goes round: nothing
// ends the retries.
func redial(msgs chan string, handle func(string)) {
	for { // want `retry loop can run forever`
		err := dial()
		select {
		case m := <-msgs:
			handle(m)
			continue
		default:
		}
		if err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}
