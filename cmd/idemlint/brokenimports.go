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
			names[path[strings.LastIndex(path, "/")+1:]] = true
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
			if x, _, ok := strings.Cut(q, "."); ok && names[x] {
				continue
			}
		}
		return false
	}
	return true
}
