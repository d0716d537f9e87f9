package retryamplify

import (
	"go/ast"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/retrysite"
)

// Disjoint failures (issue 33, kind 3). A retry that stops only when its
// context is done (a lock acquisition that waits while the lock is held,
// until the caller gives up) gives up only when that context has ended.
// Inside an outer site that stops on the same context, the inner retry
// runs to its end at most once: when it gives up, the outer site stops
// too, and the failures the outer retries (an error the inner returned at
// once) cost one inner attempt each. The attempts do not multiply.

// ctxOnlyBound returns the context variable whose end alone ends the
// retries of a loop site: its bound tests that context (case
// <-ctx.Done(), ctx.Err(), a wait given it), and no attempt count, time
// or other context does. It returns nil otherwise.
func ctxOnlyBound(info *types.Info, s *retrysite.Site) *types.Var {
	if s.Kind != retrysite.Loop || s.Bound == nil || s.Uncounted || s.Attempts(info) != 0 {
		return nil
	}
	var ctx *types.Var
	other := false
	ast.Inspect(s.Bound, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Ident:
			v, ok := info.Uses[n].(*types.Var)
			switch {
			case !ok:
			case isContext(v.Type()):
				other = other || ctx != nil && ctx != v
				ctx = v
			case isInteger(v.Type()) || libs.IsNamed(v.Type(), "time", "Time"):
				other = true // an attempt counter, a deadline
			}
		case *ast.CallExpr:
			if fn := libs.Callee(info, n); fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "time" && (fn.Name() == "Since" || fn.Name() == "Until" || fn.Name() == "Now") {
				other = true
			}
		}
		return !other
	})
	if other {
		return nil
	}
	return ctx
}

// outerContexts returns the contexts whose end stops the outer site's
// retries: those its loop bound tests, or whose Done or Err its retry
// path asks, or those a helper call is given (its context argument, a
// context among its options or in the calls that build its policy:
// retry.Context(ctx), backoff.WithContext(b, ctx)).
func outerContexts(info *types.Info, s *retrysite.Site) map[*types.Var]bool {
	out := map[*types.Var]bool{}
	add := func(e ast.Expr) {
		if id, ok := ast.Unparen(e).(*ast.Ident); ok {
			if v, ok := info.Uses[id].(*types.Var); ok && isContext(v.Type()) {
				out[v] = true
			}
		}
	}
	switch s.Kind {
	case retrysite.Loop:
		if s.Bound != nil {
			ast.Inspect(s.Bound, func(n ast.Node) bool {
				if e, ok := n.(ast.Expr); ok {
					add(e)
				}
				return true
			})
		}
		for _, n := range s.RetryPath {
			ast.Inspect(n, func(n ast.Node) bool {
				if call, ok := n.(*ast.CallExpr); ok && len(call.Args) == 0 {
					if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && (sel.Sel.Name == "Done" || sel.Sel.Name == "Err") {
						add(sel.X)
					}
				}
				return true
			})
		}
	case retrysite.Helper:
		call := s.Node.(*ast.CallExpr)
		if s.Helper.Ctx >= 0 && s.Helper.Ctx < len(call.Args) {
			add(call.Args[s.Helper.Ctx])
		}
		calls := s.Options
		if s.Policy != nil {
			calls = append(calls[:len(calls):len(calls)], s.Policy.Calls...)
		}
		for _, c := range calls {
			for _, arg := range c.Args {
				add(arg)
			}
		}
	}
	return out
}

// untilCtx returns the index, among fd's parameters, of the context whose
// end alone ends the retries of fd: its one retry site is a loop bounded
// only by that context, and it calls no other function that retries. It
// returns -1 otherwise.
func (a *amplifier) untilCtx(d astutil.Decl) int {
	sites := a.inDecl[d.FuncDecl]
	if len(sites) != 1 || a.recursive[d.FuncDecl] != nil || len(a.inners(sites[0])) > 0 {
		return -1
	}
	ctx := ctxOnlyBound(a.pass.TypesInfo, sites[0])
	if ctx == nil {
		return -1
	}
	for _, c := range a.index.Of(d.FuncDecl).Calls {
		if fn := a.entered(c.CallExpr, c.Callee, d.Func); fn != nil && fn != d.Func && a.fact(fn) != nil {
			return -1
		}
	}
	params := d.Func.Signature().Params()
	for i := range params.Len() {
		if params.At(i) == ctx {
			return i
		}
	}
	return -1
}

// stopsTogether reports whether an inner retry entered by call, a call of
// a function whose retries end only with its context parameter, is given
// a context whose end also stops the outer site.
func stopsTogether(info *types.Info, outer map[*types.Var]bool, call *ast.CallExpr, f *RetriesFact) bool {
	i := f.UntilCtx - 1
	if i < 0 || i >= len(call.Args) {
		return false
	}
	id, ok := ast.Unparen(call.Args[i]).(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := info.Uses[id].(*types.Var)
	return ok && outer[v]
}

func isContext(t types.Type) bool { return libs.IsNamed(t, "context", "Context") }

func isInteger(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}
