package retryamplify

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/retrysite"
)

// countsFailures reports whether a failure path of the loop s compares a
// counter the loop advances (if failures < 3 { failures++; continue }):
// the loop retries its failed calls a number of times.
func countsFailures(info *types.Info, s *retrysite.Site) bool {
	advanced := map[types.Object]bool{}
	ast.Inspect(s.Node, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IncDecStmt:
			if id, ok := ast.Unparen(n.X).(*ast.Ident); ok {
				advanced[info.ObjectOf(id)] = true
			}
		case *ast.AssignStmt:
			if id, ok := ast.Unparen(n.Lhs[0]).(*ast.Ident); ok && (n.Tok == token.ADD_ASSIGN || n.Tok == token.SUB_ASSIGN) {
				advanced[info.ObjectOf(id)] = true
			}
		}
		return true
	})
	for _, n := range s.RetryPath {
		b, ok := n.(*ast.BinaryExpr)
		if !ok || b.Op != token.LSS && b.Op != token.LEQ && b.Op != token.GTR && b.Op != token.GEQ {
			continue
		}
		for _, side := range []ast.Expr{b.X, b.Y} {
			if id, ok := ast.Unparen(side).(*ast.Ident); ok && advanced[info.ObjectOf(id)] {
				return true
			}
		}
	}
	return false
}
