package ifaces

import (
	"go/ast"
	"go/types"
)

// Funcs returns the functions the package's own code stores in the
// unexported function-typed field that fun selects (m.pollFn()): named
// functions and method values put there, also through a parameter of a
// function of the package whose callers give them (newPoller(...,
// w.pollAfterOutage) storing pollFn: pollFn). Nil when a stored value is
// anything else (a literal, a value from another package).
func (f *Stored) Funcs(fun ast.Expr) []*types.Func {
	sel, ok := ast.Unparen(fun).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	info := f.pass.TypesInfo
	v, ok := info.ObjectOf(sel.Sel).(*types.Var)
	if !ok || !v.IsField() || v.Exported() || v.Pkg() != f.pass.Pkg {
		return nil
	}
	if _, isFunc := v.Type().Underlying().(*types.Signature); !isFunc {
		return nil
	}
	var out []*types.Func
	for _, val := range f.storedIn(v) {
		fns := f.funcsOf(val, map[*types.Var]bool{})
		if fns == nil {
			return nil
		}
		out = append(out, fns...)
	}
	return out
}

// storedIn returns the values the package's non-test files store in the
// field v (x.f = e, T{f: e}).
func (f *Stored) storedIn(v *types.Var) []ast.Expr {
	var out []ast.Expr
	f.eachStore(func(key *ast.Ident, val ast.Expr) {
		if f.pass.TypesInfo.ObjectOf(key) == v {
			out = append(out, val)
		}
	})
	return out
}

// funcsOf resolves a stored value to the functions it can be, or nil.
func (f *Stored) funcsOf(e ast.Expr, seen map[*types.Var]bool) []*types.Func {
	info := f.pass.TypesInfo
	switch x := ast.Unparen(e).(type) {
	case *ast.SelectorExpr:
		if s := info.Selections[x]; s != nil {
			if s.Kind() == types.MethodVal {
				if fn, ok := s.Obj().(*types.Func); ok {
					return []*types.Func{fn}
				}
			}
			return nil
		}
		if fn, ok := info.Uses[x.Sel].(*types.Func); ok {
			return []*types.Func{fn} // pkg.Func
		}
	case *ast.Ident:
		switch obj := info.Uses[x].(type) {
		case *types.Func:
			return []*types.Func{obj}
		case *types.Var:
			return f.paramFuncs(obj, seen)
		}
	}
	return nil
}

// paramFuncs resolves a parameter of a function of the package to what
// its callers give it, when every caller is in the package and gives a
// function.
func (f *Stored) paramFuncs(p *types.Var, seen map[*types.Var]bool) []*types.Func {
	if seen[p] {
		return nil
	}
	seen[p] = true
	for fn, decl := range f.decls {
		if fn.Exported() || decl.Type.Params == nil {
			continue
		}
		idx, i := -1, 0
		for _, field := range decl.Type.Params.List {
			for _, name := range field.Names {
				if f.pass.TypesInfo.Defs[name] == p {
					idx = i
				}
				i++
			}
			if len(field.Names) == 0 {
				i++
			}
		}
		if idx < 0 {
			continue
		}
		var out []*types.Func
		for _, b := range f.index.Bodies {
			for _, c := range b.Calls {
				if c.Callee != fn {
					continue
				}
				if idx >= len(c.Args) {
					return nil
				}
				fns := f.funcsOf(c.Args[idx], seen)
				if fns == nil {
					return nil
				}
				out = append(out, fns...)
			}
		}
		return out
	}
	return nil
}
