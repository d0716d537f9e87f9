package retrysite

import (
	"go/ast"
	"go/types"
)

// isConstant reports whether e is a constant expression: a loop limit of
// 0 read from one (i <= 0) is a limit, one that is not (i <= c.maxRetries,
// a field set by an option) is unknown.
func isConstant(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	return ok && tv.Value != nil
}
