package main

import (
	"go/ast"
	"path"
	"strconv"
	"strings"
)

// dropBodies removes the function bodies of a standard-library file
// that a run only depends on. What idemlint knows of the standard
// library (net/http, time, database/sql, context) is its model in
// passes/internal/libs; the Facts std's own code would export describe
// its internals (the transport resending a request on a reused
// connection), not the program's hazards, and no report rests on them
// (reports on lego, the e2e module and the labelled corpora are the same
// with and without). Without bodies a std package type-checks in
// a fraction of the time and memory, builds an empty SSA program and
// gives the analyzers nothing to walk; std is a third to half of what an
// application loads.
//
// A generic function or method keeps its body: go/types wants one.
// An init function keeps an empty body (go/types wants one). An import
// used only inside the dropped bodies becomes a blank import, so the
// file still type-checks without "imported and not used"; the package is
// loaded all the same. A file with a dot import keeps its bodies: which
// names it uses cannot be told from syntax.
func dropBodies(f *ast.File) {
	for _, imp := range f.Imports {
		if imp.Name != nil && imp.Name.Name == "." {
			return
		}
	}
	for _, d := range f.Decls {
		fn, ok := d.(*ast.FuncDecl)
		if !ok || fn.Body == nil || generic(fn) {
			continue
		}
		if fn.Recv == nil && fn.Name.Name == "init" {
			fn.Body = &ast.BlockStmt{Lbrace: fn.Body.Lbrace, Rbrace: fn.Body.Rbrace}
			continue
		}
		fn.Body = nil
	}
	used := qualifiers(f)
	for _, imp := range f.Imports {
		name := importName(imp)
		if name == "_" || used[name] {
			continue
		}
		imp.Name = &ast.Ident{NamePos: imp.Path.Pos(), Name: "_"}
	}
}

// qualifiers returns the names used as x in x.Sel outside the imports.
func qualifiers(f *ast.File) map[string]bool {
	used := map[string]bool{}
	for _, d := range f.Decls {
		if g, ok := d.(*ast.GenDecl); ok && len(g.Specs) > 0 {
			if _, ok := g.Specs[0].(*ast.ImportSpec); ok {
				continue
			}
		}
		ast.Inspect(d, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok {
				if x, ok := sel.X.(*ast.Ident); ok {
					used[x.Name] = true
				}
			}
			return true
		})
	}
	return used
}

// importName is the name an import is used by: its own name, or the
// last element of its path ("math/rand/v2" is rand), which is the
// package's name throughout the standard library.
func importName(imp *ast.ImportSpec) string {
	if imp.Name != nil {
		return imp.Name.Name
	}
	p, err := strconv.Unquote(imp.Path.Value)
	if err != nil {
		return ""
	}
	base := path.Base(p)
	if len(base) > 1 && base[0] == 'v' && strings.Trim(base[1:], "0123456789") == "" {
		base = path.Base(path.Dir(p))
	}
	return base
}

// generic reports whether fn has type parameters, its own or its
// receiver's (func (s *Set[T]) Add).
func generic(fn *ast.FuncDecl) bool {
	if fn.Type.TypeParams != nil {
		return true
	}
	if fn.Recv == nil || len(fn.Recv.List) == 0 {
		return false
	}
	t := fn.Recv.List[0].Type
	if star, ok := t.(*ast.StarExpr); ok {
		t = star.X
	}
	switch t.(type) {
	case *ast.IndexExpr, *ast.IndexListExpr:
		return true
	}
	return false
}
