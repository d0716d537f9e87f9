package wait

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
)

// drainsReceiver reports whether the loop's condition counts what is left
// in the value the attempt is called on (for q.Size() > 0 { s, err :=
// q.Pick(); if err != nil { continue } ... }): each attempt takes the
// next item out, so going round after a failure moves on to another one,
// it does not retry the same. A condition that asks a flag of the
// receiver (for c.Running()) counts nothing, and one that compares its
// count with a target (for p.Size() < want { p.dial() }) fills it: both
// retry a failed attempt.
func drainsReceiver(info *types.Info, cond ast.Expr, call *ast.CallExpr) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if cond == nil || !ok {
		return false
	}
	recv := site.RootIdent(sel.X)
	if recv == nil || info.ObjectOf(recv) == nil {
		return false
	}
	found := false
	ast.Inspect(cond, func(n ast.Node) bool {
		b, ok := n.(*ast.BinaryExpr)
		if !ok || found {
			return !found
		}
		// q.Size() > 0, q.Len() != 0, 0 < q.Size(): something is left.
		// A count compared with a target (for p.Size() < want) fills.
		switch {
		case (b.Op == token.GTR || b.Op == token.NEQ) && astutil.IsZero(info, b.Y):
			found = countOf(info, b.X, recv)
		case (b.Op == token.LSS || b.Op == token.NEQ) && astutil.IsZero(info, b.X):
			found = countOf(info, b.Y, recv)
		}
		return true
	})
	return found
}

// countOf reports whether e is a count a method of recv returns
// (q.Size(), q.items.Len()).
func countOf(info *types.Info, e ast.Expr, recv *ast.Ident) bool {
	c, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || !site.IsInteger(info.TypeOf(c)) {
		return false
	}
	s, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	id := site.RootIdent(s.X)
	return id != nil && info.ObjectOf(id) == info.ObjectOf(recv)
}
