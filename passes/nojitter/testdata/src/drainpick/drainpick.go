// want package:`waits readAgain`

// Package drainpick takes items out of a chooser until none is left
// (for c.Size() > 0 { s, err := c.Pick() ... }): a failed pick goes round
// to the next item, it does not retry the same one. A pool filled up to a
// target (for p.Size() < want { p.dial() }) dials again after a failure,
// at once: a hot retry loop.
package drainpick

import (
	"context"
	"errors"
	"io"
	"io/fs"
	"log"
	"os"
)

type Chooser[T any] struct{ entries []T }

func (c *Chooser[T]) Size() int { return len(c.entries) }

// Pick takes the first entry out of the chooser.
func (c *Chooser[T]) Pick() (T, error) {
	var empty T
	if len(c.entries) == 0 {
		return empty, errors.New("empty")
	}
	e := c.entries[0]
	c.entries = c.entries[1:]
	return e, nil
}

// pickSome skips an entry it could not pick and picks the next.
func pickSome(c *Chooser[string], count int) []string {
	var out []string
	for len(out) < count && c.Size() > 0 {
		s, err := c.Pick()
		if err != nil {
			log.Print("pick: ", err)
			continue
		}
		out = append(out, s)
	}
	return out
}

// Dialer opens a connection to the server.
type Dialer interface {
	Dial() (io.ReadCloser, error)
}

type Pool struct {
	dialer Dialer
	conns  []io.ReadCloser
}

func (p *Pool) Size() int { return len(p.conns) }

func (p *Pool) dial() error {
	c, err := p.dialer.Dial()
	if err != nil {
		return err
	}
	p.conns = append(p.conns, c)
	return nil
}

// fill dials until the pool holds want connections, again and again while
// the server is down.
func (p *Pool) fill(want int) {
	for p.Size() < want { // want `retry loop retries at once`
		if err := p.dial(); err != nil {
			log.Print("dial: ", err)
			continue
		}
	}
}

// readEntries reads a directory file until it has every entry: each
// ReadDir reads the entries after the ones already read, skipping a bad
// one, like any read of a stream.
func readEntries(ctx context.Context, dir fs.ReadDirFile) []fs.DirEntry {
	var all []fs.DirEntry
	prev := ""
	for {
		if ctx.Err() != nil {
			return nil
		}
		entries, err := dir.ReadDir(-1)
		all = append(all, entries...)
		if err == nil {
			break
		}
		if prev == err.Error() {
			break
		}
		prev = err.Error()
	}
	return all
}

// readAgain reads the whole directory again, at once, after a failure.
func readAgain(path string) []fs.DirEntry {
	for { // want `retry loop retries at once`
		entries, err := os.ReadDir(path)
		if err == nil {
			return entries
		}
		log.Print("read dir: ", err)
	}
}
