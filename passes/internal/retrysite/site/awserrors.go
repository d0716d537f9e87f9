package site

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/libs"
)

// NotRetriedByClient reports whether a failure test asks about an error
// that a retrying client never retries by itself: errors.As(err, &ccf)
// with an AWS service's ConditionalCheckFailedException (an optimistic
// write that lost a race). A loop that retries only such answers runs the
// client's own retries at most once per answer: it does not multiply
// them.
func NotRetriedByClient(info *types.Info, test ast.Expr) bool {
	return astutil.Some(test, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || len(call.Args) != 2 || !libs.IsErrorsFunc(libs.Callee(info, call), "As") {
			return false
		}
		return libs.AWSNotRetried(info.TypeOf(call.Args[1]))
	})
}

// OnlyRetriesUnretried reports whether s is a retry loop that goes round
// only on answers no retrying client retries by itself: one of its retry
// tests is NotRetriedByClient, and the others only tell success from
// failure (err == nil, err != nil).
func (s *Site) OnlyRetriesUnretried(info *types.Info) bool {
	if s.Kind != Loop {
		return false
	}
	found := false
	for _, t := range s.RetryTests {
		switch {
		case NotRetriedByClient(info, t):
			found = true
		case !isNilTest(info, t):
			return false
		}
	}
	return found
}

// isNilTest recognises err == nil and err != nil.
func isNilTest(info *types.Info, t ast.Expr) bool {
	b, ok := ast.Unparen(t).(*ast.BinaryExpr)
	if !ok || (b.Op != token.EQL && b.Op != token.NEQ) {
		return false
	}
	return info.Types[b.Y].IsNil() || info.Types[b.X].IsNil()
}
