package ifaces

import (
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/passes/internal/bodies"
	"github.com/idemlint/idemlint/passes/internal/libs"
)

// Stored resolves a call of an interface method on an unexported field of
// the package to the type the package stores in that field: where the
// interface's package holds several implementations (a mock beside the
// real type), the field may still only ever hold one.
type Stored struct {
	pass   *analysis.Pass
	index  *bodies.Index
	decls  map[*types.Func]*ast.FuncDecl
	stored map[*types.Var][]types.Type // fieldTypes, found once
}

// NewStored returns the Stored of the package of pass; decls are its
// function declarations by function.
func NewStored(pass *analysis.Pass, index *bodies.Index, decls map[*types.Func]*ast.FuncDecl) *Stored {
	return &Stored{pass: pass, index: index, decls: decls}
}

// Resolve resolves fn, called on an unexported interface field of the
// package (mod.browser.Healthy()), to the method of the one concrete type
// the package's own code ever stores in that field, or nil. A mock beside
// the real type (browserMock, stored only by the tests) does not make the
// call opaque: the production code runs what it stored.
func (f *Stored) Resolve(x ast.Expr, fn *types.Func) *types.Func {
	sel, ok := ast.Unparen(x).(*ast.SelectorExpr)
	if !ok || fn == nil {
		return nil
	}
	v, ok := f.pass.TypesInfo.ObjectOf(sel.Sel).(*types.Var)
	if !ok || !v.IsField() || v.Exported() || v.Pkg() != f.pass.Pkg || !types.IsInterface(v.Type()) {
		return nil
	}
	var impl *types.Func
	for _, t := range f.fieldTypes()[v] {
		if types.IsInterface(t) {
			return nil
		}
		m, _, _ := types.LookupFieldOrMethod(t, true, fn.Pkg(), fn.Name())
		mfn, ok := m.(*types.Func)
		if !ok || impl != nil && impl != mfn {
			return nil
		}
		impl = mfn
	}
	return impl
}

// fieldTypes returns, for each unexported field of an interface type, the
// types of the values the package's non-test files store in it (x.f = e,
// T{f: e}), found once. A nil stored is no type.
func (f *Stored) fieldTypes() map[*types.Var][]types.Type {
	if f.stored != nil {
		return f.stored
	}
	info := f.pass.TypesInfo
	f.stored = map[*types.Var][]types.Type{}
	note := func(key *ast.Ident, val ast.Expr) {
		v, ok := info.ObjectOf(key).(*types.Var)
		if !ok || !v.IsField() || v.Exported() || !types.IsInterface(v.Type()) {
			return
		}
		if tv, ok := info.Types[val]; ok && !tv.IsNil() && tv.Type != nil {
			f.stored[v] = append(f.stored[v], f.madeType(val, tv.Type))
		}
	}
	f.eachStore(note)
	return f.stored
}

// eachStore calls note with each field key and value the package's
// non-test files store (x.f = e, T{f: e}).
func (f *Stored) eachStore(note func(key *ast.Ident, val ast.Expr)) {
	for n := range f.index.Package() {
		if strings.HasSuffix(f.pass.Fset.File(n.Pos()).Name(), "_test.go") {
			continue
		}
		switch n := n.(type) {
		case *ast.AssignStmt:
			if len(n.Lhs) == len(n.Rhs) {
				for i, l := range n.Lhs {
					if sel, ok := ast.Unparen(l).(*ast.SelectorExpr); ok {
						note(sel.Sel, n.Rhs[i])
					}
				}
			}
		case *ast.KeyValueExpr:
			if key, ok := n.Key.(*ast.Ident); ok {
				note(key, n.Value)
			}
		}
	}
}

// madeType returns the concrete type a constructor of the package returns
// when val calls one declared to return an interface (newBrowser(args)
// browser { b := &chromeBrowser{...}; return b }), else t.
func (f *Stored) madeType(val ast.Expr, t types.Type) types.Type {
	call, ok := ast.Unparen(val).(*ast.CallExpr)
	if !ok || !types.IsInterface(t) {
		return t
	}
	fn := libs.Callee(f.pass.TypesInfo, call)
	if fn == nil || fn.Pkg() != f.pass.Pkg {
		return t
	}
	b := f.index.Of(f.decls[fn])
	if b == nil {
		return t
	}
	var made types.Type
	for n := range f.index.Each(b, nil) {
		ret, ok := n.(*ast.ReturnStmt)
		if !ok || len(ret.Results) == 0 {
			continue
		}
		tv := f.pass.TypesInfo.Types[ret.Results[0]]
		if tv.IsNil() {
			continue // return nil, err
		}
		rt := tv.Type
		if rt == nil || types.IsInterface(rt) || made != nil && !types.Identical(made, rt) {
			return t
		}
		made = rt
	}
	if made == nil {
		return t
	}
	return made
}
