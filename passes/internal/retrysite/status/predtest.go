package status

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
)

// PredicateTest reports whether cond asks a predicate about an attempt's
// outcome: a call, negated or not, given a response's status, a response
// or an error (!apierr.OK(resp.StatusCode), retryable(err),
// shouldRetry(resp, err)). A recursive or goto retry whose branch asks
// one goes round on the outcome it names, like a comparison of the
// status; which statuses that is, the simulation of the failure test
// reads through the predicate's body or Fact.
func PredicateTest(info *types.Info, cond ast.Expr) bool {
	e := ast.Unparen(cond)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.NOT {
		e = ast.Unparen(u.X)
	}
	call, ok := e.(*ast.CallExpr)
	if !ok || !site.IsBool(info.TypeOf(call)) {
		return false
	}
	for _, arg := range call.Args {
		t := info.TypeOf(arg)
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

// FailureTest reports whether cond tests that an operation failed (failed
// true: err != nil, a status >= 500) or succeeded (failed false: err ==
// nil), through an error or a response status.
func FailureTest(info *types.Info, cond ast.Expr, failed bool) bool {
	bin, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok {
		return PredicateTest(info, cond) // !ok(resp.StatusCode), retryable(err)
	}
	// err != nil && attempt < max runs on a failure with attempts left;
	// err == nil || attempt >= max returns on a success or at the end.
	if bin.Op == token.LOR || bin.Op == token.LAND {
		return FailureTest(info, bin.X, failed) || FailureTest(info, bin.Y, failed)
	}
	errOp := token.NEQ
	if !failed {
		errOp = token.EQL
	}
	for i, side := range []ast.Expr{bin.X, bin.Y} {
		t := info.TypeOf(side)
		other := []ast.Expr{bin.Y, bin.X}[i]
		// err != nil; not err == io.EOF, which a success (nil) fails too.
		if bin.Op == errOp && t != nil && types.Identical(t, types.Universe.Lookup("error").Type()) && site.IsNil(info, other) {
			return true
		}
		if sel, ok := ast.Unparen(side).(*ast.SelectorExpr); ok && sel.Sel.Name == "StatusCode" && t != nil && site.IsInteger(t) {
			return true
		}
	}
	return false
}
