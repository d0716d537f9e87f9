package retrysite

import (
	"go/ast"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
)

// A retry helper may be made rather than declared: a function returns a
// literal that retries a function-typed parameter of its own, and the
// program keeps what it returns in a field or a variable and calls that:
//
//	func (c Config) RequestFunc(evaluate EvaluateFunc) RequestFunc {
//		return func(ctx context.Context, fn func(context.Context) error) error {
//			for { if err := fn(ctx); err == nil { return nil }; ...; wait(ctx, d) }
//		}
//	}
//	c := &client{requestFunc: cfg.RequestFunc(evaluate)}
//	c.requestFunc(ctx, func(ctx context.Context) error { ... c.client.Do(req) ... })
//
// The maker gets a site.MakerFact, and the call of the value it made is a
// UserHelper site whose operation is the argument the literal retries.

// learnMakers records the functions of the package that return a retry
// helper literal; it reports whether it learned a new one.
func (f *finder) learnMakers(sites []*Site) bool {
	grew := false
	for fn, fd := range f.decls {
		if f.makers[fn] != nil || fd.Body == nil || !returnsFunc(fn) {
			continue
		}
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			ret, ok := n.(*ast.ReturnStmt)
			if !ok || len(ret.Results) != 1 || f.makers[fn] != nil {
				return f.makers[fn] == nil
			}
			if lit, ok := ast.Unparen(ret.Results[0]).(*ast.FuncLit); ok {
				if i := litHelperParam(f.info, lit, sites); i >= 0 {
					f.makers[fn] = &site.MakerFact{Op: i, Pred: calledPredicate(f.info, fn, lit)}
					grew = true
				}
			}
			return true
		})
	}
	return grew
}

// calledPredicate returns the index of the parameter of fn, a function
// of the error (func(error) bool, or with more results after the bool),
// that lit calls: the maker's way to tell the helper which failures go
// round. -1 when there is none.
func calledPredicate(info *types.Info, fn *types.Func, lit *ast.FuncLit) int {
	params := fn.Signature().Params()
	for i := range params.Len() {
		p := params.At(i)
		sig, ok := p.Type().Underlying().(*types.Signature)
		if !ok || sig.Params().Len() != 1 || !site.IsErrorType(sig.Params().At(0).Type()) ||
			sig.Results().Len() == 0 || !site.IsBool(sig.Results().At(0).Type()) {
			continue
		}
		if astutil.Some(lit.Body, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			id, isID := ast.Unparen(callFun(call, ok)).(*ast.Ident)
			return ok && isID && info.Uses[id] == p
		}) {
			return i
		}
	}
	return -1
}

// callFun returns call.Fun, or nil when ok is false.
func callFun(call *ast.CallExpr, ok bool) ast.Expr {
	if !ok {
		return nil
	}
	return call.Fun
}

// returnsFunc reports whether fn has one result, of a function type.
func returnsFunc(fn *types.Func) bool {
	res := fn.Signature().Results()
	if res.Len() != 1 {
		return false
	}
	_, isFunc := res.At(0).Type().Underlying().(*types.Signature)
	return isFunc
}

// litHelperParam returns the index of the function-typed parameter of lit
// that one of the sites inside lit runs as, or in, its operation, or -1.
func litHelperParam(info *types.Info, lit *ast.FuncLit, sites []*Site) int {
	sig, ok := info.TypeOf(lit).(*types.Signature)
	if !ok {
		return -1
	}
	index := map[types.Object]int{}
	for i := range sig.Params().Len() {
		if _, isFunc := sig.Params().At(i).Type().Underlying().(*types.Signature); isFunc {
			index[sig.Params().At(i)] = i
		}
	}
	if len(index) == 0 {
		return -1
	}
	for _, s := range sites {
		if s.Encl == nil || s.Encl.Pos() < lit.Pos() || s.Encl.End() > lit.End() {
			continue
		}
		if i := runsParam(info, s, index); i >= 0 {
			return i
		}
	}
	return -1
}

// makerFact returns the fact of a maker: one of this package, or one
// imported.
func (f *finder) makerFact(fn *types.Func) *site.MakerFact {
	if fn == nil {
		return nil
	}
	return site.FactOf(f.pass, f.makers, fn)
}

// madeHelper returns the maker of the function value a call invokes, when
// every value the package stores where the call reads it (a field, a
// local, a package variable) is made by the same maker, or the call is the
// maker's result called at once.
func (f *finder) madeHelper(call *ast.CallExpr) (*types.Func, *site.MakerFact, *ast.CallExpr) {
	if fun, ok := ast.Unparen(call.Fun).(*ast.CallExpr); ok {
		fn := libs.Callee(f.info, fun)
		return fn, f.makerFact(fn), fun
	}
	id := site.NameOf(call.Fun)
	if id == nil {
		return nil, nil, nil
	}
	v, _ := f.info.Uses[id].(*types.Var)
	if v == nil {
		return nil, nil, nil
	}
	if _, isFunc := v.Type().Underlying().(*types.Signature); !isFunc {
		return nil, nil, nil
	}
	vals := f.storedIn()[v]
	if len(vals) == 0 {
		return nil, nil, nil
	}
	var maker *types.Func
	var made *ast.CallExpr
	for _, e := range vals {
		c, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok {
			return nil, nil, nil
		}
		fn := libs.Callee(f.info, c)
		if fn == nil || maker != nil && fn != maker {
			return nil, nil, nil
		}
		maker, made = fn, c
	}
	if len(vals) > 1 {
		made = nil // which predicate this call's helper was given is not known
	}
	return maker, f.makerFact(maker), made
}

// storedIn returns, for each variable and field of a function type, the
// values the package stores in it (v = e, v := e, var v = e, T{f: e}),
// found once.
func (f *finder) storedIn() map[*types.Var][]ast.Expr {
	if f.stored != nil {
		return f.stored
	}
	f.stored = map[*types.Var][]ast.Expr{}
	note := func(target ast.Expr, val ast.Expr) {
		id := site.NameOf(target)
		if id == nil {
			return
		}
		if v, ok := f.info.ObjectOf(id).(*types.Var); ok {
			if _, isFunc := v.Type().Underlying().(*types.Signature); isFunc {
				f.stored[v] = append(f.stored[v], val)
			}
		}
	}
	for n := range f.index.Package() {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if len(n.Lhs) == len(n.Rhs) {
				for i := range n.Lhs {
					note(n.Lhs[i], n.Rhs[i])
				}
			}
		case *ast.ValueSpec:
			if len(n.Names) == len(n.Values) {
				for i := range n.Names {
					note(n.Names[i], n.Values[i])
				}
			}
		case *ast.KeyValueExpr:
			if key, ok := n.Key.(*ast.Ident); ok {
				if v, ok := f.info.Uses[key].(*types.Var); ok && v.IsField() {
					note(key, n.Value)
				}
			}
		}
	}
	return f.stored
}

// madeSite returns the site of a call of a function value made by a maker,
// or nil.
func (f *finder) madeSite(encl ast.Node, call *ast.CallExpr) *Site {
	maker, m, made := f.madeHelper(call)
	if m == nil || m.Op >= len(call.Args) {
		return nil
	}
	fact := &site.HelperFact{Op: m.Op, Pred: -1}
	s := &Site{Kind: UserHelper, Node: call, Encl: encl, UserHelper: fact, HelperFunc: maker,
		Op: site.ResolveOp(f.info, f.decls, call.Args[m.Op], encl)}
	if m.Pred >= 0 && made != nil && m.Pred < len(made.Args) {
		s.MadePred = made.Args[m.Pred]
	}
	return s
}
