package retrysite

import (
	"go/ast"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
)

// computesDelay reports whether n works out the loop's next delay rather
// than making an attempt: it keeps a time.Duration result (waitTime, err
// := sleepDuration(resp, attempt)) that a wait of the body then waits
// for (time.After(waitTime)). Its error says the delay could not be
// worked out, and its inputs (the attempt number, the failed response)
// change every round by design.
func (w *loopWalk) computesDelay(body *ast.BlockStmt, lhs []ast.Expr) bool {
	id, ok := ast.Unparen(lhs[0]).(*ast.Ident)
	if !ok || id.Name == "_" || !libs.IsNamed(w.info.TypeOf(id), "time", "Duration") {
		return false
	}
	delay := map[types.Object]bool{w.info.ObjectOf(id): true}
	return astutil.Some(body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || !site.MentionsAny(w.info, call, delay) {
			return false
		}
		_, waits := libs.Waits.Lookup(libs.Callee(w.info, call))
		return waits || w.waitOf(call) != nil
	})
}
