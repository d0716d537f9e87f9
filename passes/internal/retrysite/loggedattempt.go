package retrysite

import (
	"go/ast"

	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
)

// loggedAttempt returns the attempt of a statement that hands a call's
// error straight to another call, when that call never succeeds
// (package fails):
//
//	for {
//		log.Println("ERROR:", connectAndServe(addr))
//		<-ticker.C
//	}
//
// The error is never tested, but it is always there: each round follows
// a failure, a reconnect loop (RULES.md, retry loop). A call that may
// succeed, logged the same way, is a periodic task, not an attempt.
func (w *loopWalk) loggedAttempt(n ast.Node) *ast.CallExpr {
	es, ok := n.(*ast.ExprStmt)
	if !ok || w.fl == nil {
		return nil
	}
	outer, ok := ast.Unparen(es.X).(*ast.CallExpr)
	if !ok {
		return nil
	}
	for _, a := range outer.Args {
		call, ok := ast.Unparen(a).(*ast.CallExpr)
		if ok && site.IsErrorType(w.info.TypeOf(call)) && w.waitOf(call) == nil && w.fl.Of(call) {
			return call
		}
	}
	return nil
}
