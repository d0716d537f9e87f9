package main

import (
	"go/ast"
	"go/token"
	"strconv"
	"strings"

	"golang.org/x/tools/go/packages"
)

// importErrorsOnly reports whether every error of p comes from an import
// that could not be loaded (a module the proxy does not serve): the
// import itself, an error at an import declaration (two failed imports
// with the same empty name), or a name qualified by an import that failed
// or is itself broken (undefined: spineapi.Entity). Its own files type-check around the
// missing package, whose names are invalid, so the rest of it is
// analyzed, as its importers are.
func importErrorsOnly(p *packages.Package) bool {
	for _, e := range p.Errors {
		if e.Kind != packages.TypeError {
			return false
		}
	}
	failed := map[string]bool{}
	for _, e := range p.TypeErrors {
		if path, ok := strings.CutPrefix(e.Msg, "could not import "); ok {
			path, _, _ = strings.Cut(path, " ")
			failed[path] = true
		}
	}
	for path, imp := range p.Imports {
		if len(imp.Errors) > 0 || imp.IllTyped {
			failed[path] = true // loaded, but broken: its names may be missing
		}
	}
	if len(failed) == 0 {
		return len(p.TypeErrors) == 0
	}
	names := map[string]bool{}
	var specs []*ast.ImportSpec
	for _, f := range p.Syntax {
		specs = append(specs, f.Imports...)
	}
	for _, spec := range specs {
		path, err := strconv.Unquote(spec.Path.Value)
		if err != nil || !failed[path] {
			continue
		}
		if spec.Name != nil {
			names[spec.Name.Name] = true
		} else {
			for _, n := range guessedNames(path) {
				names[n] = true
			}
		}
	}
	inImport := func(pos token.Pos) bool {
		for _, spec := range specs {
			if spec.Pos() <= pos && pos <= spec.End() {
				return true
			}
		}
		return false
	}
	for _, e := range p.TypeErrors {
		if strings.HasPrefix(e.Msg, "could not import ") || inImport(e.Pos) {
			continue
		}
		if q, ok := strings.CutPrefix(e.Msg, "undefined: "); ok {
			// undefined: spineapi.Entity, or undefined: requestmigrations
			// when the import failed with no package name at all.
			if x, _, _ := strings.Cut(q, "."); names[x] {
				continue
			}
		}
		return false
	}
	return true
}

// guessedNames returns the names a package imported by path may declare
// when it could not be loaded to tell: the last element of the path, or
// the one before a major version (github.com/subomi/requestmigrations/v2
// is requestmigrations), without a gopkg.in version (yaml.v3) and
// without a go- prefix or -go suffix (go-sqlite3 is sqlite3).
func guessedNames(path string) []string {
	elems := strings.Split(path, "/")
	last := elems[len(elems)-1]
	if len(elems) > 1 && isMajorVersion(last) {
		last = elems[len(elems)-2]
	}
	if i := strings.LastIndex(last, ".v"); i > 0 && isMajorVersion(last[i+1:]) {
		last = last[:i]
	}
	out := []string{last}
	trimmed := strings.TrimSuffix(strings.TrimPrefix(last, "go-"), "-go")
	if trimmed != last {
		out = append(out, trimmed)
	}
	return out
}

// isMajorVersion reports whether s is a major version element: v2, v10.
func isMajorVersion(s string) bool {
	if len(s) < 2 || s[0] != 'v' {
		return false
	}
	_, err := strconv.Atoi(s[1:])
	return err == nil
}
