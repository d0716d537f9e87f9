package retrysite

import (
	"go/ast"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/libs"
)

// A helper whose own wait between attempts is fixed by the library and
// has no jitter (Terraform's RetryContext: 500ms doubling to 10s, not
// configurable) leaves the delay the program chooses to its operation: a
// wait the operation makes before it returns the error the helper retries
// (time.Sleep(10 * time.Second); return retry.RetryableError(err)) is the
// retry delay, judged like a loop's (s.Waits of the helper's site). The
// helper's own wait is not reported: the caller cannot change it.

// opRetryWaits returns the waits in the operation of helper site s, when
// the helper's family leaves the delay to its operation, that are followed
// by a return of an error the helper retries (libs.RetryableErrors).
func opRetryWaits(info *types.Info, s *Site) []*ast.CallExpr {
	fam := libs.FamilyOf(s.HelperFunc)
	if fam == nil || !fam.OpWaits || s.Op.Body == nil {
		return nil
	}
	var waits []*ast.CallExpr
	var stack []ast.Node
	ast.Inspect(s.Op.Body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if _, lit := n.(*ast.FuncLit); lit {
			return false
		}
		if call, ok := n.(*ast.CallExpr); ok {
			if _, wait := libs.Waits.Lookup(libs.Callee(info, call)); wait && retriedAfter(info, append(stack, call)) {
				waits = append(waits, call)
			}
		}
		stack = append(stack, n)
		return true
	})
	return waits
}

// retriedAfter reports whether the first return that the statements after
// the last node of path reach unconditionally, in its block or the blocks
// around it, returns an error the helper retries. A loop around the wait
// inside the operation stops the search: what follows it is not known.
func retriedAfter(info *types.Info, path []ast.Node) bool {
	for i := len(path) - 2; i >= 0; i-- {
		var list []ast.Stmt
		switch b := path[i].(type) {
		case *ast.BlockStmt:
			list = b.List
		case *ast.CaseClause:
			list = b.Body
		case *ast.CommClause:
			list = b.Body
		case *ast.ForStmt, *ast.RangeStmt, *ast.FuncLit:
			return false
		default:
			continue
		}
		after := false
		for _, st := range list {
			if !after {
				after = st == path[i+1]
				continue
			}
			if ret, ok := st.(*ast.ReturnStmt); ok {
				return returnsRetryable(info, ret)
			}
		}
	}
	return false
}

// returnsRetryable reports whether ret returns an error made by the
// helper's RetryableError.
func returnsRetryable(info *types.Info, ret *ast.ReturnStmt) bool {
	if len(ret.Results) == 0 {
		return false
	}
	call, ok := ast.Unparen(ret.Results[len(ret.Results)-1]).(*ast.CallExpr)
	if !ok {
		return false
	}
	_, retryable := libs.RetryableErrors.Lookup(libs.Callee(info, call))
	return retryable
}
