package status

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/libs"
)

// NotSent reports whether a failure test asks about an error that proves
// the attempt never reached the server: a refused connection
// (syscall.ECONNREFUSED), a *net.OpError whose Op is "dial", or
// driver.ErrBadConn (a driver returns it only when the statement was not
// sent, and database/sql retries on a new connection). Retrying such an
// outcome neither repeats a side effect nor adds load to the server.
func NotSent(info *types.Info, test ast.Expr) bool {
	return astutil.Some(test, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BinaryExpr:
			return n.Op == token.EQL && isDialOp(info, n)
		case *ast.Ident:
			_, ok := libs.NotSentErrors.LookupObject(info.Uses[n])
			return ok
		}
		return false
	})
}

// isDialOp recognises opErr.Op == "dial" on a *net.OpError.
func isDialOp(info *types.Info, b *ast.BinaryExpr) bool {
	if !astutil.ComparesWith(info, b, constant.MakeString("dial")) {
		return false
	}
	for _, side := range []ast.Expr{b.X, b.Y} {
		sel, ok := ast.Unparen(side).(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "Op" {
			continue
		}
		t := info.TypeOf(sel.X)
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		if libs.IsNamed(t, "net", "OpError") {
			return true
		}
	}
	return false
}
