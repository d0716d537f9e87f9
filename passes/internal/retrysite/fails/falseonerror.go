package fails

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/ifaces"
	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
)

// FalseOnErrorFact marks a function whose one result is a bool that is
// false when a call it makes fails: it swallows the error (if err != nil
// { log; return false }; return true). Such a call's false is a failed
// attempt (RULES.md: failure need not be an error), so a loop that leaves
// on its true and goes round on its false retries it: a readiness probe
// run on a ticker until it answers, a reconcile step run until it holds.
type FalseOnErrorFact struct{}

func (*FalseOnErrorFact) AFact()         {}
func (*FalseOnErrorFact) String() string { return "false when it fails" }

// FalseOnError reports whether call's callee is such a function, or an
// interface method whose one implementation is.
func (f *Fails) FalseOnError(call *ast.CallExpr) bool {
	fn := libs.Callee(f.pass.TypesInfo, call)
	if fn == nil {
		// if m.pollFn() {: a function kept in a field, judged by every
		// function the package stores there.
		fns := f.stored.Funcs(call.Fun)
		for _, g := range fns {
			if !f.falseOnErrorFunc(g) {
				return false
			}
		}
		return len(fns) > 0
	}
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		// The interface of the field, which may embed fn's (mod.browser,
		// a browser embedding another package's Process): its own
		// package's implementation is the one that runs.
		if impl := ifaces.SoleForReceiver(f.pass.TypesInfo.TypeOf(sel.X), fn); impl != nil {
			fn = impl
		} else if impl := f.stored.Resolve(sel.X, fn); impl != nil {
			fn = impl
		}
	}
	return f.falseOnErrorFunc(fn)
}

// falseOnErrorFunc reports whether fn, or its sole implementation,
// returns false when a call it makes failed.
func (f *Fails) falseOnErrorFunc(fn *types.Func) bool {
	if impl := f.impls.SoleImplementation(fn); impl != nil {
		fn = impl
	}
	fn = fn.Origin()
	if fn.Pkg() == f.pass.Pkg {
		return f.falseOnError[fn]
	}
	return fn.Pkg() != nil && f.pass.ImportObjectFact(fn, new(FalseOnErrorFact))
}

// learnFalseOnError finds the package's functions returning one bool that
// return false under a test that a call's error is not nil.
func (f *Fails) learnFalseOnError() {
	f.learnBoolFuncs(falseOnError, f.falseOnError, func() analysis.Fact { return &FalseOnErrorFact{} })
}

// learnBoolFuncs marks, in local, the package's functions returning one
// bool whose body passes test, and exports fact for each.
func (f *Fails) learnBoolFuncs(test func(*types.Info, *ast.BlockStmt) bool, local map[*types.Func]bool, fact func() analysis.Fact) {
	info := f.pass.TypesInfo
	for _, b := range f.index.Bodies {
		fd, ok := b.Node.(*ast.FuncDecl)
		if !ok || b.Func == nil || fd.Body == nil {
			continue
		}
		res := b.Func.Signature().Results()
		if res.Len() != 1 || !site.IsBool(res.At(0).Type()) || !test(info, fd.Body) {
			continue
		}
		local[b.Func] = true
		f.pass.ExportObjectFact(b.Func, fact())
	}
}

// falseOnError reports whether body returns false inside an if whose
// condition tests an error against nil (err != nil, err != nil || x ==
// nil), and returns true somewhere, but never under such a test.
func falseOnError(info *types.Info, body *ast.BlockStmt) bool {
	onErr, trueSeen, trueOnErr := false, false, false
	walkReturns(info, body, func(ret *ast.ReturnStmt, failed bool) {
		if len(ret.Results) != 1 {
			return
		}
		v := constString(info, ret.Results[0])
		onErr = onErr || failed && v == "false"
		trueSeen = trueSeen || v == "true" || startsTrue(info, body, ret.Results[0])
		trueOnErr = trueOnErr || failed && v == "true"
	})
	// A true returned when a read fails says "done" (if err != nil {
	// return true }: stop reading), not "it worked".
	return onErr && trueSeen && !trueOnErr && failuresEndFalse(info, body)
}

// startsTrue reports whether e is a local boolean body defines as true
// (result := true; for ... { if !send(id) { result = false } }; return
// result): "all went well" unless a step failed.
func startsTrue(info *types.Info, body *ast.BlockStmt, e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok || info.Uses[id] == nil {
		return false
	}
	obj := info.Uses[id]
	return astutil.Some(body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || as.Tok != token.DEFINE || len(as.Lhs) != len(as.Rhs) {
			return false
		}
		for i, l := range as.Lhs {
			if lid, ok := l.(*ast.Ident); ok && info.Defs[lid] == obj && constString(info, as.Rhs[i]) == "true" {
				return true
			}
		}
		return false
	})
}

// failuresEndFalse reports whether every error test of body that returns
// false somewhere ends in return false: one that returns false only for a
// chosen error and goes on for the others (if errors.Is(err, ErrDestroyed)
// { return false }; log(err)) says which state it met, not that the call
// failed.
func failuresEndFalse(info *types.Info, body *ast.BlockStmt) bool {
	ok := true
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IfStmt:
			if ok && TestsErr(info, n.Cond) && returnsFalse(info, n.Body) {
				last, isRet := n.Body.List[len(n.Body.List)-1].(*ast.ReturnStmt)
				ok = isRet && len(last.Results) == 1 && constString(info, last.Results[0]) == "false"
			}
		}
		return ok
	})
	return ok
}

// returnsFalse reports whether b holds a return false, outside function
// literals.
func returnsFalse(info *types.Info, b *ast.BlockStmt) bool {
	found := false
	ast.Inspect(b, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			found = found || len(n.Results) == 1 && constString(info, n.Results[0]) == "false"
		}
		return !found
	})
	return found
}

// constString is the exact string of e's constant value, or "".
func constString(info *types.Info, e ast.Expr) string {
	if tv := info.Types[e]; tv.Value != nil {
		return tv.Value.ExactString()
	}
	return ""
}

// walkReturns calls visit with each return statement of body (outside
// function literals) and whether it lies inside an if whose condition
// tests an error against nil, in the else of an if err == nil, or after
// an if err == nil whose body always returns (if err == nil { return
// true }; return false).
func walkReturns(info *types.Info, body *ast.BlockStmt, visit func(ret *ast.ReturnStmt, failed bool)) {
	var walk func(n ast.Node, failed bool)
	walk = func(n ast.Node, failed bool) {
		ast.Inspect(n, func(m ast.Node) bool {
			switch m := m.(type) {
			case *ast.FuncLit:
				return false
			case *ast.BlockStmt:
				rest := failed
				for _, st := range m.List {
					walk(st, rest)
					if ifs, ok := st.(*ast.IfStmt); ok && ifs.Else == nil && testsNilErr(info, ifs.Cond) && astutil.Terminates(ifs.Body) {
						rest = true
					}
				}
				return false
			case *ast.IfStmt:
				walk(m.Body, failed || TestsErr(info, m.Cond))
				if m.Else != nil {
					walk(m.Else, failed || testsNilErr(info, m.Cond))
				}
				return false
			case *ast.ReturnStmt:
				visit(m, failed)
			}
			return true
		})
	}
	walk(body, false)
}

// testsNilErr reports whether cond holds whenever an error is nil, so
// that its false side has the error set: err == nil, alone or in a
// disjunction.
func testsNilErr(info *types.Info, cond ast.Expr) bool {
	return comparesErrNil(info, cond, token.EQL)
}

// comparesErrNil reports whether cond compares an error with nil by op,
// alone or as an operand of a disjunction.
func comparesErrNil(info *types.Info, cond ast.Expr, op token.Token) bool {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok {
		return false
	}
	switch b.Op {
	case token.LOR:
		return comparesErrNil(info, b.X, op) || comparesErrNil(info, b.Y, op)
	case op:
		for _, pair := range [][2]ast.Expr{{b.X, b.Y}, {b.Y, b.X}} {
			if site.IsErrorType(info.TypeOf(pair[0])) && site.IsNil(info, pair[1]) {
				return true
			}
		}
	}
	return false
}

// TestsErr reports whether cond holds when an error is not nil: err !=
// nil, alone or in a disjunction.
func TestsErr(info *types.Info, cond ast.Expr) bool {
	return comparesErrNil(info, cond, token.NEQ)
}
