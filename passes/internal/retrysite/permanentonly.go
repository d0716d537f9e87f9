package retrysite

import (
	"go/ast"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/libs"
)

// endsEveryTime reports whether an operation handed to a retry helper
// ends the retries on every return: each returns nil or an error wrapped
// in a permanent marker, and some return does (Terraform's NonRetryableError, backoff.Permanent,
// retry.Unrecoverable). The helper then runs it once, whatever it sends
// (err := create(); if err != nil { return retry.NonRetryableError(err) };
// return nil), and the call is no retry site.
func endsEveryTime(info *types.Info, body *ast.BlockStmt) bool {
	if body == nil {
		return false
	}
	permanent, ends := 0, true
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if len(n.Results) == 0 {
				ends = false // a named result: not read
				return false
			}
			last := ast.Unparen(n.Results[len(n.Results)-1])
			if tv, ok := info.Types[last]; ok && tv.IsNil() {
				return false
			}
			call, ok := last.(*ast.CallExpr)
			if !ok {
				ends = false
				return false
			}
			if _, ok := libs.PermanentErrors.Lookup(libs.Callee(info, call)); ok {
				permanent++
			} else {
				ends = false
			}
			return false
		}
		return ends
	})
	return ends && permanent > 0
}
