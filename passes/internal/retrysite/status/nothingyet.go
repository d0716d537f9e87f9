package status

import (
	"go/ast"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/libs"
)

// PendingIn extends pending, which says whether an error value means "not
// done yet", with the values the receives in loop return when nothing
// arrived in time (libs.ReceiveTimeouts): `m, err := sub.NextMsg(d); if
// err == nats.ErrTimeout { continue }` waits for the next message.
func PendingIn(info *types.Info, loop ast.Node, pending func(*types.Var) bool) func(*types.Var) bool {
	var yet map[*types.Var]bool
	ast.Inspect(loop, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		if call, ok := n.(*ast.CallExpr); ok {
			if v := libs.NothingYet(info, call); v != nil {
				if yet == nil {
					yet = map[*types.Var]bool{}
				}
				yet[v] = true
			}
		}
		return true
	})
	if yet == nil {
		return pending
	}
	return func(v *types.Var) bool { return yet[v] || pending != nil && pending(v) }
}
