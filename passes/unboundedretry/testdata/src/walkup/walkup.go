// Package walkup holds loops that walk to a new candidate each round
// through a local computed from the last one: a search, not a retry.
package walkup

import (
	"errors"
	"os"
	"path/filepath"
)

// FindRoot walks up the directory tree: each round stats another path.
func FindRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, ".env.test")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			break
		}
		dir = parent
	}
	return "", os.ErrNotExist
}

func ping(addr string) error { return errors.New("down") }

// Stuck computes a local from its address but never changes the address:
// the same call goes round, with no limit.
func Stuck(addr string) {
	for { // want `retry loop can run forever`
		target := addr + ":80"
		if err := ping(target); err == nil {
			return
		}
	}
}

type query struct{ cursor string }

type page struct {
	items   []string
	hasMore bool
	next    string
}

func list(q query) (*page, error)   { return nil, errors.New("down") }
func get(id string) (string, error) { return "", errors.New("down") }

func decodeCursor(s string, q *query) error { q.cursor = s; return nil }

// Pages moves its cursor through a pointer (decodeCursor(p.next, &q)); a
// failed get inside the page's range skips one item. Pagination, not a
// retry.
func Pages() error {
	q := query{}
	for {
		p, err := list(q)
		if err != nil {
			return err
		}
		for _, id := range p.items {
			if _, err = get(id); err != nil {
				continue
			}
		}
		if !p.hasMore {
			return nil
		}
		if err := decodeCursor(p.next, &q); err != nil {
			return err
		}
	}
}
