package astutil

import "go/ast"

// EveryReturn reports whether body returns at least once, outside the
// function literals it holds, and every return gives one value for which
// pred holds.
func EveryReturn(body *ast.BlockStmt, pred func(ast.Expr) bool) bool {
	ok, seen := true, false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			seen = true
			if len(n.Results) != 1 || !pred(n.Results[0]) {
				ok = false
			}
		}
		return true
	})
	return ok && seen
}

// HoldsReturn reports whether n holds a return statement outside the
// function literals it holds.
func HoldsReturn(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(x ast.Node) bool {
		switch x.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			found = true
		}
		return !found
	})
	return found
}
