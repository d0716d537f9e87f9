package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os/exec"
	"path/filepath"
	"strings"
)

// A parse parses the files go/packages loads, leaner than its default:
// nothing reads the parser's object resolution (go/types resolves
// names itself), so it is skipped for every file, and a dependency's
// comments are not kept. Comments matter only where a report can be
// made (ignore directives, generated-file headers); the facts a
// dependency exports never read them, and the parser reads the
// //go:build line that sets a file's Go version whether it keeps
// comments or not. On an application most files are its dependencies',
// whose SDKs are heavily commented: their comments were a large part of
// the loaded syntax, and so of the peak memory.
type parse struct {
	depDirs []string // where dependencies live: the module cache, GOROOT
	stdDir  string   // GOROOT/src when std is only a dependency: see dropBodies
}

// newParse returns the parser for a run on patterns. A file is known to
// be a dependency's only when every pattern names directories (./...,
// ., ../x): a root then lies under one of them, and a file in the module
// cache or GOROOT outside all of them is a dependency's. Otherwise
// (std, an import path) every file keeps its comments.
//
// rootDirs, when not nil, are the directories of the roots (the cache
// lists them before loading, and loads the roots it misses by import
// path): a file in the module cache or GOROOT outside them is then a
// dependency's, whatever the patterns.
func newParse(patterns, rootDirs []string) *parse {
	roots := rootDirs
	for _, p := range patterns {
		if rootDirs != nil {
			break
		}
		if !filepath.IsAbs(p) && p != "." && p != ".." && !strings.HasPrefix(p, "./") && !strings.HasPrefix(p, "../") {
			return &parse{}
		}
		dir, err := filepath.Abs(strings.TrimSuffix(strings.TrimSuffix(p, "..."), "/"))
		if err != nil {
			return &parse{}
		}
		roots = append(roots, dir)
	}
	out, err := exec.Command("go", "env", "GOMODCACHE", "GOROOT").Output()
	if err != nil {
		return &parse{}
	}
	p := &parse{}
	for i, d := range strings.Fields(string(out)) {
		if !filepath.IsAbs(d) || under(d, roots) || underAny(roots, d) {
			continue // a root in the module cache or GOROOT: keep all
		}
		p.depDirs = append(p.depDirs, d)
		if i == 1 {
			p.stdDir = filepath.Join(d, "src")
		}
	}
	return p
}

// under reports whether path lies in one of dirs.
func under(path string, dirs []string) bool {
	for _, d := range dirs {
		if path == d || strings.HasPrefix(path, d+string(filepath.Separator)) {
			return true
		}
	}
	return false
}

// underAny reports whether one of paths lies in dir.
func underAny(paths []string, dir string) bool {
	for _, p := range paths {
		if under(p, []string{dir}) {
			return true
		}
	}
	return false
}

// file is a go/packages ParseFile.
func (p *parse) file(fset *token.FileSet, filename string, src []byte) (*ast.File, error) {
	mode := parser.AllErrors | parser.SkipObjectResolution
	if !under(filename, p.depDirs) {
		mode |= parser.ParseComments
	}
	f, err := parser.ParseFile(fset, filename, src, mode)
	if f != nil && p.stdDir != "" && under(filename, []string{p.stdDir}) {
		dropBodies(f)
	}
	return f, err
}
