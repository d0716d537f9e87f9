package main

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
)

// A run that no run like it has stored anything for (the same binary,
// go command, flags and analyzers, in the same directory, on the same
// patterns) finds nothing in the cache: CI on a fresh machine, the first
// run after an upgrade. Listing the packages and hashing them before
// loading would only say that every root missed, and the listing is a
// second `go list` of the whole tree (a tenth of the run on a large
// application). Such a run analyzes the patterns as without the cache,
// then keys its roots from the packages it loaded (the same metadata the
// listing reads) and stores them, and marks runs like it as seen.

// analyzeCold analyzes the patterns of a run the cache has not seen and
// fills the cache with its roots.
func (p *plan) analyzeCold(opts *options, prog *progress) ([]unit, []string, error) {
	units, roots, errs, err := analyze(opts, opts.patterns, prog)
	if err != nil {
		return nil, nil, err
	}
	p.keyRoots(roots)
	p.store(units)
	p.cache.Put(p.seen, []byte("{}"))
	return units, errs, nil
}

// seenKey is the key of the mark left by runs on patterns, in the working
// directory, with the salt's binary, go command and flags.
func seenKey(salt []byte, patterns []string) string {
	h := sha256.New()
	h.Write(salt)
	wd, _ := os.Getwd()
	fmt.Fprintf(h, "seen %q %q\n", wd, patterns)
	return hex.EncodeToString(h.Sum(nil))
}
