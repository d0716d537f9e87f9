package ssautil

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// A partial form is the SSA of a few functions of the package, for the
// analyzers that export facts about a handful of them (nojitter's delay
// helpers, retrynonidempotent's key helpers) in packages no analyzer
// otherwise follows: most packages given SSA on an application are
// dependencies built for those facts alone, and go/ssa builds every body
// of a package, and creates every import its code names, to give the SSA
// of one function.
//
// It is built from shallow copies of the package's files that keep the
// declarations of the functions asked for and, transitively, of every
// function and method of the package their bodies (function literals
// included) name, and leave the other function declarations out. A call
// the SSA resolves statically, a function value, a method value or
// expression, all name their function, so every function a kept body
// refers to is kept, with the body the full form gives it: a caller that
// follows calls into the package's bodies finds each one as in the full
// form, and the instructions of a kept function are the same (the
// builder does not look at the functions no kept code names; the
// package's own member creation and the bodies left out were most of the
// cost). An interface method call is not followed this way: a question
// about the whole package (the methods that implement an interface, the
// stores into a field, the callers of a function) is asked of the full
// form (Funcs), never of a partial one. Package-level variables keep their
// initializers, in init, and the functions they name. Only the imports
// the kept code names are created (see referenced).
type partial struct {
	has   map[*types.Func]bool // the functions kept, and those asked for
	funcs map[*types.Func]*ssa.Function
}

// Want notes functions of the package whose SSA the analyzer will ask
// PartialFunc for, so that one partial form holds them all instead of
// one being built for each.
func (s *SSA) Want(fns ...*types.Func) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.wanted == nil {
		s.wanted = map[*types.Func]bool{}
	}
	for _, fn := range fns {
		s.wanted[fn.Origin()] = true
	}
}

// PartialFunc returns the SSA function of fn, a function declared in the
// package, or nil: from the full form if it is built, else from a partial
// form holding fn, the functions given to Want, and what their bodies
// name in the package, transitively. Its instructions are those of the
// full form, and so are those of the package's functions it calls
// statically; the rest of the package's functions have no body. Use it
// for questions about fn and what it calls; ask Funcs, Calls or Func for
// anything about the whole package.
func (s *SSA) PartialFunc(fn *types.Func) *ssa.Function {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.built {
		return s.funcLocked(fn)
	}
	fn = fn.Origin()
	for _, p := range s.parts {
		if p.has[fn] {
			return p.funcs[fn]
		}
	}
	// A function asked for after the first partial form was built (by
	// another analyzer, or found later) gets a form of its own, holding
	// it and what else was wanted meanwhile: rebuilding one form for all
	// would build the bodies already built again.
	if s.wanted == nil {
		s.wanted = map[*types.Func]bool{}
	}
	s.wanted[fn] = true
	p := buildPartial(s.pass, s.wanted, func(f *types.Func) bool {
		for _, p := range s.parts {
			if p.has[f] {
				return true
			}
		}
		return false
	})
	if p == nil {
		return s.funcLocked(fn)
	}
	s.parts = append(s.parts, p)
	return p.funcs[fn]
}

// Built reports whether the package's full form is built (and not yet
// dropped): a caller that used a partial form can tell whether a question
// about the whole package was asked meanwhile.
func (s *SSA) Built() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.built
}

// buildPartial builds a partial form holding the functions of want not in
// have; nil if the builder gave up. A kept body naming a function left
// out makes the builder panic (it takes the name for a variable): the
// closure is meant to leave no such name, and should one be missed (a way
// of naming a function the closure does not know) the full form answers.
func buildPartial(pass *analysis.Pass, want map[*types.Func]bool, have func(*types.Func) bool) (out *partial) {
	defer func() {
		if recover() != nil {
			out = nil
		}
	}()
	info := pass.TypesInfo
	decls := map[*types.Func]*ast.FuncDecl{}
	for _, file := range pass.Files {
		for _, decl := range file.Decls {
			if fd, ok := decl.(*ast.FuncDecl); ok {
				if obj, ok := info.Defs[fd.Name].(*types.Func); ok {
					decls[obj] = fd
				}
			}
		}
	}
	keep := map[*types.Func]bool{}
	var work []*types.Func
	for fn := range want {
		if decls[fn] != nil && !have(fn) && !keep[fn] {
			keep[fn] = true
			work = append(work, fn)
		}
	}
	var uses []types.Object
	// named collects what the identifiers under n refer to, and queues the
	// functions of the package among them.
	named := func(n ast.Node) {
		ast.Inspect(n, func(n ast.Node) bool {
			id, ok := n.(*ast.Ident)
			if !ok {
				return true
			}
			obj := info.Uses[id]
			if obj == nil {
				return true
			}
			uses = append(uses, obj)
			if fn, ok := obj.(*types.Func); ok {
				fn = fn.Origin()
				if decls[fn] != nil && !keep[fn] {
					keep[fn] = true
					work = append(work, fn)
				}
			}
			return true
		})
	}
	// Everything but the bodies is built as in the full form: package-level
	// variables' initializers (and the functions they name), and the
	// declarations' signatures.
	for _, file := range pass.Files {
		for _, decl := range file.Decls {
			if fd, ok := decl.(*ast.FuncDecl); ok {
				if fd.Recv != nil {
					named(fd.Recv)
				}
				named(fd.Type)
				continue
			}
			named(decl)
		}
	}
	for len(work) > 0 {
		fn := work[len(work)-1]
		work = work[:len(work)-1]
		if body := decls[fn].Body; body != nil {
			named(body)
		}
	}
	files := make([]*ast.File, len(pass.Files))
	for i, file := range pass.Files {
		cp := *file
		cp.Decls = nil
		for _, decl := range file.Decls {
			if fd, ok := decl.(*ast.FuncDecl); ok {
				if obj, ok := info.Defs[fd.Name].(*types.Func); !ok || !keep[obj] {
					continue
				}
			}
			cp.Decls = append(cp.Decls, decl)
		}
		files[i] = &cp
	}
	prog, _ := buildFrom(pass, files, referenced(pass.Pkg, func(yield func(types.Object) bool) {
		for _, obj := range uses {
			if !yield(obj) {
				return
			}
		}
	}))
	p := &partial{has: keep, funcs: map[*types.Func]*ssa.Function{}}
	for fn := range keep {
		if f := prog.FuncValue(fn); f != nil {
			p.funcs[fn] = f
		}
	}
	for fn := range want {
		if !have(fn) {
			keep[fn] = true // not declared here (nil), not to be built again
		}
	}
	return p
}
