// Package astutil holds small syntax helpers shared by the analyzers.
package astutil

import (
	"go/ast"
	"go/types"
)

// Assignments returns the expressions assigned to v in encl, by `=`, `:=`
// and `var` with a value, in source order. For `x, y := f()` it returns the
// call f().
func Assignments(info *types.Info, encl ast.Node, v *types.Var) []ast.Expr {
	var out []ast.Expr
	ast.Inspect(encl, func(n ast.Node) bool {
		switch s := n.(type) {
		case *ast.AssignStmt:
			for i, l := range s.Lhs {
				if id, ok := l.(*ast.Ident); ok && info.ObjectOf(id) == v {
					if len(s.Lhs) == len(s.Rhs) {
						out = append(out, s.Rhs[i])
					} else {
						out = append(out, s.Rhs[0]) // x, y := f()
					}
				}
			}
		case *ast.ValueSpec:
			for i, id := range s.Names {
				if info.ObjectOf(id) == v && i < len(s.Values) {
					out = append(out, s.Values[i])
				}
			}
		}
		return true
	})
	return out
}

// Contains reports whether n lies within outer.
func Contains(outer, n ast.Node) bool {
	return outer != nil && n != nil && outer.Pos() <= n.Pos() && n.End() <= outer.End()
}
