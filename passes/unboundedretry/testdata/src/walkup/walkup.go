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
