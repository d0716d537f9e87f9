// Package storedstatus: a watch loop that reads the next event, returns on
// its error, and clears a status an earlier failure stored. The status
// getter attempts nothing: the loop is a stream read, not a retry.
package storedstatus

import (
	"errors"
	"sync"
	"time"
)

type watcher interface{ Next() (string, error) }

type cache struct {
	sync.RWMutex
	status error
}

func (c *cache) getStatus() error {
	c.RLock()
	defer c.RUnlock()
	return c.status
}

func (c *cache) setStatus(err error) {
	c.Lock()
	c.status = err
	c.Unlock()
}

func (c *cache) update(string) {}

func (c *cache) watch(w watcher) error {
	for {
		res, err := w.Next()
		if err != nil {
			return err
		}
		if err := c.getStatus(); err != nil {
			c.setStatus(nil)
		}
		c.update(res)
	}
}

// check does more than return what it stored: it dials, so it is an
// attempt, and the loop retries it forever.
func (c *cache) check() error {
	c.RLock()
	defer c.RUnlock()
	if c.status != nil {
		return dial()
	}
	return nil
}

func dial() error { return errors.New("refused") }

func (c *cache) recheck() {
	for { // want `retry loop can run forever`
		if err := c.check(); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}
