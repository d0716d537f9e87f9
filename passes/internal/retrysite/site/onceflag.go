package site

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/astutil"
)

// OnceFlag reports whether cond lets a retry through only while a flag of
// encl is still false, and the flag, once set, stays set: every value
// assigned to it is the constant true, but a false it starts with before
// from (the retry's first statement). The retry that sets it runs once:
//
//	var retried bool
//	retry:
//		resp, err := c.client.Do(req)
//		...
//		if !retried && c.retryOnError(resp) {
//			retried = true
//			goto retry
//		}
func OnceFlag(info *types.Info, cond ast.Expr, encl ast.Node, from token.Pos) bool {
	if encl == nil {
		return false
	}
	found := false
	ast.Inspect(cond, func(n ast.Node) bool {
		if found {
			return false
		}
		var id *ast.Ident
		switch x := n.(type) {
		case *ast.UnaryExpr: // !retried
			if x.Op == token.NOT {
				id, _ = ast.Unparen(x.X).(*ast.Ident)
			}
		case *ast.BinaryExpr: // retried == false
			if x.Op == token.EQL && constBool(info, x.Y, false) {
				id, _ = ast.Unparen(x.X).(*ast.Ident)
			}
		}
		if id == nil {
			return true
		}
		v, ok := info.Uses[id].(*types.Var)
		if !ok || !IsBool(v.Type()) {
			return true
		}
		sets := 0
		for _, e := range astutil.Assignments(info, encl, v) {
			switch {
			case constBool(info, e, true):
				sets++
			case constBool(info, e, false) && e.Pos() < from:
			default:
				return true // reset, or set from a value: not a flag
			}
		}
		found = sets > 0
		return !found
	})
	return found
}

func constBool(info *types.Info, e ast.Expr, v bool) bool {
	tv, ok := info.Types[ast.Unparen(e)]
	return ok && tv.Value != nil && tv.Value.Kind() == constant.Bool && constant.BoolVal(tv.Value) == v
}
