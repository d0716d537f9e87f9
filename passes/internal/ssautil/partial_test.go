package ssautil

import (
	"go/ast"
	"go/types"
	"maps"
	"slices"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// TestPartialSameSSA builds partial forms of packages for some of their
// functions and checks that every function a partial form keeps prints
// the same SSA as in the full form, function literals included, and that
// each of its static callees has the same body size: a function the
// closure missed would be absent, or a caller following a call would
// find a callee without its body. The fixture reaches the rest of its
// package in every way (see testdata/partial), and the set it keeps is
// checked too; building it without the closure must make the comparison
// fail, so the test can tell.
func TestPartialSameSSA(t *testing.T) {
	const fixture = "github.com/idemlint/idemlint/passes/internal/ssautil/testdata/partial"
	for _, p := range loadSource(t, "net/http", "encoding/json", "text/template", "time", "database/sql", "./testdata/partial") {
		pass := &analysis.Pass{Fset: p.Fset, Pkg: p.Types, Files: p.Syntax, TypesInfo: p.TypesInfo}
		decls := declared(pass)
		want := map[*types.Func]bool{}
		for i, fn := range decls {
			switch {
			case p.PkgPath == fixture:
				if fn.Name() == "Next" || fn.Name() == "Exp" || fn.Name() == "NewKey" {
					want[fn] = true
				}
			case i%4 == 0:
				want[fn] = true
			}
		}
		part := buildPartial(pass, want, func(*types.Func) bool { return false })
		if part == nil {
			t.Fatalf("%s: the builder gave up on the partial form", p.PkgPath)
		}
		fullProg, _ := buildFrom(pass, pass.Files, referenced(pass.Pkg, maps.Values(pass.TypesInfo.Uses)))
		kept := 0
		for _, fn := range decls {
			f := part.funcs[fn]
			if f == nil {
				continue
			}
			kept++
			if got, exp := renderFunc(f), renderFunc(fullProg.FuncValue(fn)); got != exp {
				t.Errorf("%s: %s differs:\n--- partial\n%s\n--- full\n%s", p.PkgPath, fn, got, exp)
			}
		}
		for fn := range want {
			if part.funcs[fn] == nil && fullProg.FuncValue(fn) != nil {
				t.Errorf("%s: %s asked for, not in the partial form", p.PkgPath, fn)
			}
		}
		if kept >= len(decls) {
			t.Errorf("%s: partial form keeps all %d functions", p.PkgPath, kept)
		}
		if p.PkgPath != fixture {
			continue
		}
		var names []string
		for _, fn := range decls {
			if part.funcs[fn] != nil {
				names = append(names, fn.FullName())
			}
		}
		sort.Strings(names)
		const keep = "(*.Backoff).Next (*.base).first (*.linear).step .Exp .NewKey .clamp .halfJitter .randomHex"
		if got := strings.ReplaceAll(strings.Join(names, " "), fixture, ""); got != keep {
			t.Errorf("fixture keeps %s, want %s", got, keep)
		}
		// Without the closure the kept functions' callees have no body:
		// the comparison above must see it.
		shallow := buildWithout(pass, want)
		differs := false
		for fn := range want {
			differs = differs || renderFunc(shallow.FuncValue(fn)) != renderFunc(fullProg.FuncValue(fn))
		}
		if !differs {
			t.Errorf("fixture: a form without the closure prints the same SSA; the test cannot tell")
		}
	}
}

// declared returns the package's functions declared with a body, in
// source order.
func declared(pass *analysis.Pass) []*types.Func {
	var out []*types.Func
	for _, file := range pass.Files {
		for _, decl := range file.Decls {
			if fd, ok := decl.(*ast.FuncDecl); ok && fd.Body != nil {
				if obj, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
					out = append(out, obj)
				}
			}
		}
	}
	return out
}

// buildWithout builds the package with the bodies of the functions not in
// want left out, as a partial form without the closure would have them.
func buildWithout(pass *analysis.Pass, want map[*types.Func]bool) *ssa.Program {
	files := make([]*ast.File, len(pass.Files))
	for i, file := range pass.Files {
		cp := *file
		cp.Decls = slices.Clone(file.Decls)
		for j, d := range cp.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && !want[pass.TypesInfo.Defs[fd.Name].(*types.Func)] {
				bodiless := *fd
				bodiless.Body = nil
				cp.Decls[j] = &bodiless
			}
		}
		files[i] = &cp
	}
	prog, _ := buildFrom(pass, files, pass.Pkg.Imports())
	return prog
}

// renderFunc prints f and its function literals, with the size of each
// static callee's body.
func renderFunc(f *ssa.Function) string {
	if f == nil {
		return "<nil>"
	}
	out := renderBody(f)
	for _, anon := range f.AnonFuncs {
		out += renderFunc(anon)
	}
	return out
}
