package retrysite

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
)

// predicateTest reports whether cond asks a predicate about an attempt's
// outcome: a call, negated or not, given a response's status, a response
// or an error (!apierr.OK(resp.StatusCode), retryable(err),
// shouldRetry(resp, err)). A recursive or goto retry whose branch asks
// one goes round on the outcome it names, like a comparison of the
// status; which statuses that is, the simulation of the failure test
// reads through the predicate's body or Fact.
func (f *finder) predicateTest(cond ast.Expr) bool {
	e := ast.Unparen(cond)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.NOT {
		e = ast.Unparen(u.X)
	}
	call, ok := e.(*ast.CallExpr)
	if !ok || !site.IsBool(f.info.TypeOf(call)) {
		return false
	}
	for _, arg := range call.Args {
		t := f.info.TypeOf(arg)
		if t == nil {
			continue
		}
		if types.Identical(t, types.Universe.Lookup("error").Type()) || site.IsResponseType(t) {
			return true
		}
		if sel, ok := ast.Unparen(arg).(*ast.SelectorExpr); ok && sel.Sel.Name == "StatusCode" && site.IsInteger(t) {
			return true
		}
	}
	return false
}
