package retrysite

import (
	"go/ast"
	"go/types"
	"slices"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/libs"
)

// computesDelay reports whether n works out the loop's next delay rather
// than making an attempt: it keeps a time.Duration result (waitTime, err
// := sleepDuration(resp, attempt)) that a wait of the body then waits
// for (time.After(waitTime)). Its error says the delay could not be
// worked out, and its inputs (the attempt number, the failed response)
// change every round by design. A duration the wait only takes into
// account (rtt, err := ping(); time.Sleep(interval - rtt)) is the
// attempt's own answer: that call stays an attempt.
func (w *loopWalk) computesDelay(body *ast.BlockStmt, lhs []ast.Expr) bool {
	id, ok := ast.Unparen(lhs[0]).(*ast.Ident)
	if !ok || id.Name == "_" || !libs.IsNamed(w.info.TypeOf(id), "time", "Duration") {
		return false
	}
	delay := w.info.ObjectOf(id)
	return astutil.Some(body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || !slices.ContainsFunc(call.Args, func(a ast.Expr) bool { return isVar(w.info, a, delay) }) {
			return false
		}
		_, waits := libs.Waits.Lookup(libs.Callee(w.info, call))
		return waits || w.waitOf(call) != nil
	})
}

// isVar reports whether e is v itself (parentheses aside).
func isVar(info *types.Info, e ast.Expr, v types.Object) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && info.ObjectOf(id) == v
}
