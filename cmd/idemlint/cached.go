package main

import (
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/idemlint/idemlint/cmd/idemlint/internal/cache"
	"github.com/idemlint/idemlint/passes"
	"github.com/idemlint/idemlint/passes/selectinsert"
)

// The cache keeps what the analysis of each root package yields under a
// key that hashes everything it depends on: the idemlint binary, the go
// command's version and target, the analyzers and their flags, the
// package's files (names and contents) and, recursively, the keys of the
// packages it imports. A run first lists the packages without parsing
// them (go list, as the no-op driver does), hashes, and looks the roots
// up: when all are there, nothing is loaded or analyzed. Otherwise only
// the roots that missed are loaded and analyzed, as without the cache,
// so a change in one package re-analyzes it and what imports it.

// analyzeCached is analyze on opts.patterns, through the cache when it is on.
func analyzeCached(opts *options, prog *progress) ([]unit, []string, error) {
	p := planCache(opts)
	if p == nil {
		units, _, errs, err := analyze(opts, opts.patterns, prog)
		return units, errs, err
	}
	if p.cold {
		return p.analyzeCold(opts, prog)
	}
	if units, ok := p.units(nil); ok {
		return units, nil, nil
	}
	opts.rootDirs = p.rootDirs()
	units, _, errs, err := analyze(opts, p.missedPatterns(), prog)
	opts.rootDirs = nil
	if err != nil {
		return nil, nil, err
	}
	// Roots that failed to load, or import a package that did, have no
	// key: they are analyzed again next time, so that their errors are
	// printed again.
	p.store(units)
	if merged, ok := p.units(units); ok {
		return merged, errs, nil
	}
	// The roots reloaded by import path are not all those the patterns
	// named (go list has its own ways): analyze the patterns, as without
	// the cache.
	units, _, errs, err = analyze(opts, opts.patterns, prog)
	return units, errs, err
}

// cacheDir is where the cache lives, as the go command's does: the user
// cache directory, or IDEMLINT_CACHE; "" when -cache=false or
// IDEMLINT_CACHE=off turn it off.
func cacheDir(opts *options) string {
	env := os.Getenv("IDEMLINT_CACHE")
	switch {
	case !opts.cache || env == "off":
		return ""
	case env != "":
		return env
	}
	dir, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	return filepath.Join(dir, "idemlint")
}

// A plan is the cache's view of a run: the root packages, their keys,
// and the units found under them.
type plan struct {
	patterns []string
	cache    *cache.Cache
	salt     []byte
	schema   bool // selectinsert runs: keys hash the module's DDL
	roots    []*packages.Package
	keys     map[string]string // by package ID
	hits     map[string]unit

	cold bool   // no run like this one stored anything: see analyzeCold
	seen string // the key that marks a run like this one as seen
}

// planCache lists the packages and looks their roots up; it returns nil
// when the cache is off or cannot be used, and the run goes on without.
func planCache(opts *options) *plan {
	dir := cacheDir(opts)
	if dir == "" {
		return nil
	}
	store, err := cache.Open(dir)
	if err != nil {
		return nil
	}
	salt, err := saltOf(opts)
	if err != nil {
		return nil
	}
	p := &plan{patterns: opts.patterns, cache: store, salt: salt, keys: map[string]string{}, hits: map[string]unit{}}
	for _, a := range opts.analyzers {
		p.schema = p.schema || a == selectinsert.Analyzer
	}
	p.seen = seenKey(salt, opts.patterns)
	if _, ok := store.Get(p.seen); !ok {
		p.cold = true
		return p
	}
	cfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedImports | packages.NeedDeps |
			packages.NeedModule | packages.NeedForTest,
		Tests: opts.tests,
	}
	if opts.tags != "" {
		cfg.BuildFlags = []string{"-tags=" + opts.tags}
	}
	roots, err := packages.Load(cfg, opts.patterns...)
	// Errors, and patterns that match nothing, are for the run without
	// the cache to report.
	if err != nil || noneMatched(roots) {
		return nil
	}
	p.keyRoots(roots)
	for _, r := range roots {
		key, ok := p.keys[r.ID]
		if !ok {
			continue
		}
		if data, ok := store.Get(key); ok {
			// A unit stored by a run that made no map misses a run that
			// makes one; the run's store gives it its map.
			if u, err := decodeUnit(data); err == nil && u.id == r.ID && (u.mapped || !opts.sites) {
				p.hits[r.ID] = u
			}
		}
	}
	return p
}

// keyRoots computes the key of each root that loaded cleanly with all it
// imports.
func (p *plan) keyRoots(roots []*packages.Package) {
	p.roots = roots
	k := &keyer{salt: p.salt, schema: p.schema, stdSrc: goSrc(), keys: map[*packages.Package]string{}, files: hashFiles(roots)}
	broken := brokenPackages(roots)
	for _, r := range roots {
		if !broken[r] {
			p.keys[r.ID] = k.key(r)
		}
	}
}

// units returns, in the roots' order, each root's unit from fresh (the
// roots analyzed in this run) or else from the cache; false if one has
// neither.
func (p *plan) units(fresh []unit) ([]unit, bool) {
	byID := map[string]unit{}
	for _, u := range fresh {
		byID[u.id] = u
	}
	var out []unit
	for _, r := range p.roots {
		u, ok := byID[r.ID]
		if !ok {
			u, ok = p.hits[r.ID]
		}
		if !ok {
			return nil, false
		}
		out = append(out, u)
	}
	return out, true
}

// missedPatterns names the packages of the roots not found, by import
// path: a test variant ("p [p.test]", "p_test [p.test]", "p.test") is
// loaded with the package it tests.
// rootDirs returns the directories of the roots, for newParse.
func (p *plan) rootDirs() []string {
	dirs := []string{}
	for _, r := range p.roots {
		if r.Dir == "" {
			return nil // not known: every file keeps its comments
		}
		dirs = append(dirs, r.Dir)
	}
	return dirs
}

func (p *plan) missedPatterns() []string {
	seen := map[string]bool{}
	var out []string
	for _, r := range p.roots {
		if _, ok := p.hits[r.ID]; ok {
			continue
		}
		path := r.PkgPath
		switch {
		case r.ForTest != "":
			path = r.ForTest
		case r.Name == "main" && strings.HasSuffix(r.ID, ".test"):
			path = strings.TrimSuffix(r.ID, ".test")
		}
		if path == "command-line-arguments" {
			return p.patterns // files named on the command line
		}
		if !seen[path] {
			seen[path] = true
			out = append(out, path)
		}
	}
	return out
}

// store writes the units of the roots that have a key and loaded cleanly
// with all they import; a failure to write only costs the next run the
// analysis.
func (p *plan) store(units []unit) {
	for _, u := range units {
		key, ok := p.keys[u.id]
		if !ok || u.broken {
			continue
		}
		if data, err := encodeUnit(u); err == nil {
			p.cache.Put(key, data)
		}
	}
}

// brokenPackages are the packages that failed to load or that an
// analyzer panicked on, or import one that did: what they find may change
// once the error is fixed, and the run that analyzes them prints the
// error. Facts flow only along imports, so the other roots' findings do
// not depend on a broken package.
func brokenPackages(roots []*packages.Package) map[*packages.Package]bool {
	broken := map[*packages.Package]bool{}
	packages.Visit(roots, nil, func(p *packages.Package) {
		// Visit calls post after all of p's imports.
		b := len(p.Errors) > 0 || passes.Crashed(p.PkgPath)
		for _, imp := range p.Imports {
			b = b || broken[imp]
		}
		if b {
			broken[p] = true
		}
	})
	return broken
}
