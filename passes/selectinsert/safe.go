package selectinsert

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/sqltext"
)

// detectsUnique reports whether n tells a unique violation apart: a
// constant naming one (23505, unique_violation, "duplicate key"...), MySQL's
// 1062 compared, a named value denoting one, or a call of a function that
// does (UniqueCheckFact).
func detectsUnique(pass *analysis.Pass, n ast.Node, local map[*types.Func]bool) bool {
	found := false
	ast.Inspect(n, func(x ast.Node) bool {
		if found {
			return false
		}
		switch x := x.(type) {
		case *ast.BasicLit:
			if x.Kind == token.STRING && sqltext.MentionsUniqueViolation(x.Value) {
				found = true
			}
		case *ast.BinaryExpr:
			for _, side := range []ast.Expr{x.X, x.Y} {
				if tv, ok := pass.TypesInfo.Types[side]; ok && tv.Value != nil && tv.Value.Kind() == constant.Int {
					if v, ok := constant.Int64Val(tv.Value); ok && v == 1062 {
						found = true
					}
				}
			}
		case *ast.Ident:
			if _, ok := libs.UniqueViolationObjects.LookupObject(pass.TypesInfo.Uses[x]); ok {
				found = true
			}
		case *ast.CallExpr:
			fn := libs.Callee(pass.TypesInfo, x)
			if fn != nil && (local[fn] || fn.Pkg() != pass.Pkg && pass.ImportObjectFact(fn, new(UniqueCheckFact))) {
				found = true
			}
		}
		return true
	})
	return found
}

// serializable reports whether n opens a serializable transaction.
func serializable(info *types.Info, n ast.Node) bool {
	found := false
	ast.Inspect(n, func(x ast.Node) bool {
		if id, ok := x.(*ast.Ident); ok {
			if _, ok := libs.SerializableObjects.LookupObject(info.Uses[id]); ok {
				found = true
			}
		}
		return !found
	})
	return found
}
