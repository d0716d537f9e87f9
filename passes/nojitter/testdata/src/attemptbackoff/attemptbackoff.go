// want package:`waits Client.Process Client.Send Client.process Client.send sleep`

// Package attemptbackoff retries a command through a function that is
// given the attempt's number and backs off itself before every attempt
// but the first: the loop does not retry at once. The same loop around a
// function that does not wait hammers the server. A loop that walks an
// iterator and skips the items it cannot parse, stopping on one it
// cannot keep, retries nothing.
package attemptbackoff

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net"
	"path"
	"strconv"
	"time"
)

type Client struct {
	addr       string
	maxRetries int
}

func (c *Client) backoff(attempt int) time.Duration { // want backoff:`delay\(random=true capped=true grows=true\)`
	return min(time.Duration(attempt)*8*time.Millisecond, 512*time.Millisecond) + rand.N(8*time.Millisecond)
}

func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

func (c *Client) process(ctx context.Context, attempt int) (bool, error) {
	if attempt > 0 {
		if err := sleep(ctx, c.backoff(attempt)); err != nil {
			return false, err
		}
	}
	conn, err := net.Dial("tcp", c.addr)
	if err != nil {
		return true, err
	}
	return false, conn.Close()
}

func (c *Client) Process(ctx context.Context) error {
	var lastErr error
	for attempt := 0; attempt <= c.maxRetries; attempt++ {
		attempt := attempt
		retry, err := c.process(ctx, attempt)
		if err == nil || !retry {
			return err
		}
		lastErr = err
	}
	return lastErr
}

func (c *Client) send(attempt int) (bool, error) {
	if attempt > 3 {
		return false, errors.New("too many attempts")
	}
	conn, err := net.Dial("tcp", c.addr)
	if err != nil {
		return true, err
	}
	return false, conn.Close()
}

func (c *Client) Send() error {
	var lastErr error
	for attempt := 0; attempt <= c.maxRetries; attempt++ { // want `retry loop retries at once`
		retry, err := c.send(attempt)
		if err == nil || !retry {
			return err
		}
		lastErr = err
	}
	return lastErr
}

var errDone = errors.New("no more objects")

type Object struct{ Name string }

type Iter struct{ objs []Object }

func (it *Iter) Next() (*Object, error) {
	if len(it.objs) == 0 {
		return nil, errDone
	}
	o := &it.objs[0]
	it.objs = it.objs[1:]
	return o, nil
}

type Versions struct{ vs []uint64 }

func (l *Versions) Append(v uint64) bool {
	for _, x := range l.vs {
		if x == v {
			return false
		}
	}
	l.vs = append(l.vs, v)
	return true
}

func parse(name string) (uint64, error) { return strconv.ParseUint(name, 10, 64) }

func Load(it *Iter, l *Versions) error {
	object, err := it.Next()
	for ; err == nil; object, err = it.Next() {
		_, file := path.Split(object.Name)
		v, parseErr := parse(file)
		if parseErr != nil {
			continue
		}
		if !l.Append(v) {
			return fmt.Errorf("duplicate version in %v", object.Name)
		}
	}
	if !errors.Is(err, errDone) {
		return err
	}
	return nil
}
