package ssautil

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/types"
	"maps"
	"testing"

	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/ssa"
)

// loadSource loads and type-checks patterns from source, with no errors
// allowed.
func loadSource(t *testing.T, patterns ...string) []*packages.Package {
	t.Helper()
	if testing.Short() {
		t.Skip("loads packages from source")
	}
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedTypes | packages.NeedSyntax | packages.NeedTypesInfo | packages.NeedImports}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range pkgs {
		if len(p.Errors) > 0 {
			t.Fatalf("%s: %v", p.PkgPath, p.Errors)
		}
	}
	return pkgs
}

// TestReferencedImportsSameSSA builds packages that call into their
// imports in every way (functions, methods, promoted and generic ones,
// variables, constants, method values and expressions) twice: with every
// direct import created, as build used to, and with only the imports
// referenced returns. The SSA of every source function, and what each of
// its calls refers to, must be the same: a missing import would make the
// builder panic or treat a package-level name as a local.
func TestReferencedImportsSameSSA(t *testing.T) {
	for _, p := range loadSource(t, "net/http", "encoding/json", "database/sql", "slices", "log/slog", "text/template") {
		all := render(p, p.Types.Imports(), 0)
		some := render(p, referenced(p.Types, maps.Values(p.TypesInfo.Uses)), ssa.BareInits)
		if len(all) == 0 {
			t.Fatalf("%s: no functions", p.PkgPath)
		}
		if len(all) != len(some) {
			t.Fatalf("%s: %d functions with every import, %d with the referenced ones", p.PkgPath, len(all), len(some))
		}
		for i := range all {
			if all[i] != some[i] {
				t.Errorf("%s: function %d differs:\n--- every import\n%s\n--- referenced imports\n%s", p.PkgPath, i, all[i], some[i])
			}
		}
		if n := len(referenced(p.Types, maps.Values(p.TypesInfo.Uses))); n >= len(p.Types.Imports()) && p.PkgPath == "net/http" {
			t.Errorf("net/http: all %d imports referenced, expected some named only for types", n)
		}
	}
}

// renderBody prints f, without its function literals, and what each of
// its static callees is, with the size of its body.
func renderBody(f *ssa.Function) string {
	var b bytes.Buffer
	ssa.WriteFunction(&b, f)
	for _, blk := range f.Blocks {
		for _, instr := range blk.Instrs {
			c, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			if g := c.Common().StaticCallee(); g != nil {
				fmt.Fprintf(&b, "callee %s synthetic=%q pkg=%v params=%d blocks=%d\n", g, g.Synthetic, g.Pkg != nil, len(g.Params), len(g.Blocks))
			}
		}
	}
	return b.String()
}

// render builds p's SSA with the given imports created and prints each
// source function (the synthetic init only for its literals) with what
// each static callee is.
func render(p *packages.Package, imports []*types.Package, mode ssa.BuilderMode) []string {
	prog := ssa.NewProgram(p.Fset, mode)
	for _, imp := range imports {
		prog.CreatePackage(imp, nil, nil, true)
	}
	pkg := prog.CreatePackage(p.Types, p.Syntax, p.TypesInfo, false)
	pkg.Build()
	var out []string
	var add func(f *ssa.Function, body bool)
	add = func(f *ssa.Function, body bool) {
		if body {
			out = append(out, renderBody(f))
		}
		for _, anon := range f.AnonFuncs {
			add(anon, true)
		}
	}
	for _, file := range p.Syntax {
		for _, decl := range file.Decls {
			if fd, ok := decl.(*ast.FuncDecl); ok {
				if obj, ok := p.TypesInfo.Defs[fd.Name].(*types.Func); ok {
					if f := prog.FuncValue(obj); f != nil {
						add(f, true)
					}
				}
			}
		}
	}
	if init := pkg.Func("init"); init != nil {
		add(init, false) // its guard and calls of imported inits differ
	}
	return out
}
