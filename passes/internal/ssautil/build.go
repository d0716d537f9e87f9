package ssautil

import (
	"go/ast"
	"go/types"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// Lazy returns a function that builds the package's SSA form the first time
// it is called, and its source functions (declared and literal, in source
// order). Unlike requiring buildssa, which builds SSA for every package a
// run touches (every dependency under go vet), an analyzer builds it only
// for the packages that hold something to follow.
func Lazy(pass *analysis.Pass) func() []*ssa.Function {
	var once sync.Once
	var funcs []*ssa.Function
	return func() []*ssa.Function {
		once.Do(func() { funcs = build(pass) })
		return funcs
	}
}

func build(pass *analysis.Pass) []*ssa.Function {
	prog := ssa.NewProgram(pass.Fset, 0)
	for _, p := range pass.Pkg.Imports() {
		prog.CreatePackage(p, nil, nil, true)
	}
	pkg := prog.CreatePackage(pass.Pkg, pass.Files, pass.TypesInfo, false)
	pkg.Build()
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
	if init := pkg.Func("init"); init != nil {
		add(init) // function literals in package-level variables
	}
	return funcs
}
