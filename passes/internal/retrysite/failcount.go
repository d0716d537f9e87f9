package retrysite

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/retrysite/wait"
)

// CountsFailures reports whether a failure path of the loop site s (one
// of Result.FailureRetries) compares a counter the loop advances (if
// failures < 3 { failures++; continue }): the loop retries its failed
// calls a number of times, by design. A consumer's receive loop that goes
// round after every failed receive for as long as it runs does not.
func CountsFailures(info *types.Info, s *Site) bool {
	loop, ok := s.Node.(*ast.ForStmt)
	if !ok {
		return false
	}
	counters := wait.Counters(info, loop)
	for _, n := range s.RetryPath {
		b, ok := n.(*ast.BinaryExpr)
		if !ok || b.Op != token.LSS && b.Op != token.LEQ && b.Op != token.GTR && b.Op != token.GEQ {
			continue
		}
		for _, side := range []ast.Expr{b.X, b.Y} {
			if id, ok := ast.Unparen(side).(*ast.Ident); ok && counters[info.ObjectOf(id)] {
				return true
			}
		}
	}
	return false
}
