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

// swallowedAttempt returns the attempt of a statement, in a loop that
// backs off every round, that calls code of the package keeping its
// failure to itself (fails.SwallowsFailure: runOnce(), or stop, reset :=
// s.streamOnce(ctx) with only booleans back). Each round waits longer
// whatever happened: the loop reconnects after every end, a reconnect
// loop's attempt, which never succeeds as far as the loop can tell.
func (w *loopWalk) swallowedAttempt(n ast.Node) *ast.CallExpr {
	if !w.backsOff || w.fl == nil {
		return nil
	}
	var call *ast.CallExpr
	switch n := n.(type) {
	case *ast.ExprStmt:
		call, _ = ast.Unparen(n.X).(*ast.CallExpr)
	case *ast.AssignStmt:
		_, call = site.OpParts(n)
	}
	if call == nil || w.waitOf(call) != nil || !w.fl.SwallowsFailure(call) {
		return nil
	}
	return call
}
