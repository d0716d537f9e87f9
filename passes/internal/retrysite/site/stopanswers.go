package site

import (
	"go/ast"
	"go/types"
	"slices"
)

// NoteStopAnswers adds to counters, the variables a loop counts its
// attempts with, the boolean results of calls in loop given a counter
// (wait, retry = policy.Next(n)) or a stop channel (quit :=
// waitForEvents(closeCh, retryCh)): the policy decides from the count
// when to stop, the call says whether the channel was closed, and a test
// of the answer bounds the retries as a test of the count or of a
// context would.
func NoteStopAnswers(info *types.Info, loop ast.Node, counters map[types.Object]bool) {
	counted := func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		return ok && counters[info.ObjectOf(id)]
	}
	stopChannel := func(e ast.Expr) bool { return IsStopChannel(info.TypeOf(e)) }
	ast.Inspect(loop, func(n ast.Node) bool {
		if _, lit := n.(*ast.FuncLit); lit {
			return false
		}
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Rhs) != 1 {
			return true
		}
		call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
		if !ok || !slices.ContainsFunc(call.Args, counted) && !slices.ContainsFunc(call.Args, stopChannel) {
			return true
		}
		for _, l := range as.Lhs {
			if id, ok := l.(*ast.Ident); ok && id.Name != "_" && IsBool(info.TypeOf(id)) {
				counters[info.ObjectOf(id)] = true
			}
		}
		return true
	})
}

// IsStopChannel reports whether t is a channel that carries nothing but
// its closing (closeCh <-chan struct{}).
func IsStopChannel(t types.Type) bool {
	if t == nil {
		return false
	}
	ch, ok := t.Underlying().(*types.Chan)
	if !ok {
		return false
	}
	st, ok := ch.Elem().Underlying().(*types.Struct)
	return ok && st.NumFields() == 0
}
