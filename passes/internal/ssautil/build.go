package ssautil

import (
	"go/ast"
	"go/types"
	"iter"
	"maps"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// build builds the package's SSA form and returns its source functions,
// declared and literal, in source order.
func build(pass *analysis.Pass) []*ssa.Function {
	prog, pkg := buildFrom(pass, pass.Files, referenced(pass.Pkg, maps.Values(pass.TypesInfo.Uses)))
	if pkg == nil {
		return nil
	}
	return sourceFuncs(pass, prog)
}

// buildFrom builds the SSA form of the package from files (pass.Files, or
// copies of them with some bodies left out), with the imports given
// created.
func buildFrom(pass *analysis.Pass, files []*ast.File, imports []*types.Package) (*ssa.Program, *ssa.Package) {
	// BareInits: the synthetic init does not call the imports' inits, so
	// only the imports the code refers to need creating (see referenced).
	// The package's own init and its function literals are built as
	// before; only the guard and the calls to other packages' inits, which
	// no analyzer follows, are left out.
	prog := ssa.NewProgram(pass.Fset, ssa.BareInits)
	for _, p := range imports {
		prog.CreatePackage(p, nil, nil, true)
	}
	pkg := prog.CreatePackage(pass.Pkg, files, pass.TypesInfo, false)
	if !buildChecked(pkg) {
		return ssa.NewProgram(pass.Fset, ssa.BareInits), nil
	}
	return prog, pkg
}

// buildChecked builds pkg's functions and reports whether the builder
// finished. It does not on code whose types are broken where the type
// checker reports nothing: a value of a dependency's type that failed to
// check (func List() ([]*Missing, error)) has no type recorded for its
// fields, and the builder dereferences that. Such a package gets no SSA:
// the analyzers that need it report nothing there, the others run.
func buildChecked(pkg *ssa.Package) (ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	pkg.Build()
	return true
}

// sourceFuncs returns the source functions of the package, declared and
// literal, in source order, and the synthetic init for the literals of
// package-level variables.
func sourceFuncs(pass *analysis.Pass, prog *ssa.Program) []*ssa.Function {
	var funcs []*ssa.Function
	var add func(f *ssa.Function)
	add = func(f *ssa.Function) {
		funcs = append(funcs, f)
		for _, anon := range f.AnonFuncs {
			add(anon)
		}
	}
	for _, file := range pass.Files {
		for _, decl := range file.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok {
				continue
			}
			if obj, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
				if f := prog.FuncValue(obj); f != nil {
					add(f)
				}
			}
		}
	}
	if init := prog.Package(pass.Pkg).Func("init"); init != nil {
		add(init) // function literals in package-level variables
	}
	return funcs
}

// referenced returns the direct imports of pkg whose functions, methods
// or package-level variables its code names (uses: the objects the
// identifiers of the code built refer to). Creating an
// imported package from its types allocates a member for every object of
// its scope and every method of its types, and used to be done for every
// direct import of every package given SSA: on an application, whose
// packages import large SDK packages for a handful of their names, that
// was as costly as building the SSA itself. The builder needs a created
// package only to find a package-level function or variable named in the
// code (and a created package's method is what a call to it refers to);
// a constant is folded from the type information (runtime.GOOS,
// http.StatusOK, time.Second), so an import named only for its types and
// constants is left out: the SSA of the package's own functions is the
// same.
func referenced(pkg *types.Package, uses iter.Seq[types.Object]) []*types.Package {
	direct := map[*types.Package]bool{}
	for _, p := range pkg.Imports() {
		direct[p] = false
	}
	for obj := range uses {
		p := obj.Pkg()
		if p == nil || p == pkg {
			continue
		}
		if seen, ok := direct[p]; !ok || seen {
			continue
		}
		switch obj := obj.(type) {
		case *types.Func:
		case *types.Var:
			if obj.IsField() || obj.Parent() != p.Scope() {
				continue
			}
		default:
			continue
		}
		direct[p] = true
	}
	var out []*types.Package
	for _, p := range pkg.Imports() { // in the order the builder saw them
		if direct[p] {
			out = append(out, p)
		}
	}
	return out
}
