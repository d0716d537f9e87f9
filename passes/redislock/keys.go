package redislock

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/libs"
)

// sameKey decides whether two key expressions denote the same key by their
// values: equal constants, the same variable or field (or a local variable
// assigned such a value once), or calls (fmt.Sprintf) and concatenations of
// equal parts. Names alone never make two keys equal.
func sameKey(info *types.Info, encl ast.Node, a, b ast.Expr) bool {
	return equalExpr(info, encl, a, b, 0, resolving{{}, {}})
}

// resolving holds, for each side, the locals being compared through their
// value: one assigned once from itself (k = fmt.Sprint(k)) leads back.
type resolving [2]map[*types.Var]bool

func equalExpr(info *types.Info, encl ast.Node, a, b ast.Expr, depth int, r resolving) bool {
	if depth > 8 || a == nil || b == nil {
		return false
	}
	a, va := resolve(info, encl, ast.Unparen(a), r[0])
	b, vb := resolve(info, encl, ast.Unparen(b), r[1])
	if va != nil {
		defer delete(r[0], va)
	}
	if vb != nil {
		defer delete(r[1], vb)
	}
	ta, tb := info.Types[a], info.Types[b]
	if ta.Value != nil || tb.Value != nil {
		return ta.Value != nil && tb.Value != nil && constant.Compare(ta.Value, token.EQL, tb.Value)
	}
	switch x := a.(type) {
	case *ast.Ident:
		y, ok := b.(*ast.Ident)
		return ok && info.ObjectOf(x) != nil && info.ObjectOf(x) == info.ObjectOf(y)
	case *ast.SelectorExpr:
		y, ok := b.(*ast.SelectorExpr)
		if !ok || info.ObjectOf(x.Sel) != info.ObjectOf(y.Sel) {
			return false
		}
		if _, isPkg := info.ObjectOf(x.Sel).(*types.Var); isPkg && isPackageName(info, x.X) {
			return true
		}
		return equalExpr(info, encl, x.X, y.X, depth+1, r)
	case *ast.CallExpr:
		y, ok := b.(*ast.CallExpr)
		if !ok || len(x.Args) != len(y.Args) {
			return false
		}
		fx, fy := libs.Callee(info, x), libs.Callee(info, y)
		if fx == nil || fx != fy {
			return false
		}
		for i := range x.Args {
			if !equalExpr(info, encl, x.Args[i], y.Args[i], depth+1, r) {
				return false
			}
		}
		if sx, ok := x.Fun.(*ast.SelectorExpr); ok && !isPackageName(info, sx.X) {
			return equalExpr(info, encl, sx.X, y.Fun.(*ast.SelectorExpr).X, depth+1, r)
		}
		return true
	case *ast.BinaryExpr:
		y, ok := b.(*ast.BinaryExpr)
		return ok && x.Op == y.Op && equalExpr(info, encl, x.X, y.X, depth+1, r) && equalExpr(info, encl, x.Y, y.Y, depth+1, r)
	}
	return false
}

// resolve replaces a local variable assigned exactly once by what it was
// assigned, so key := fmt.Sprintf("lock:%s", id) equals the inline call.
// It returns the variable it resolved, now marked in seen, or nil; one
// already in seen stays a name.
func resolve(info *types.Info, encl ast.Node, e ast.Expr, seen map[*types.Var]bool) (ast.Expr, *types.Var) {
	id, ok := e.(*ast.Ident)
	if !ok {
		return e, nil
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok || v.IsField() || seen[v] {
		return e, nil
	}
	if defs := astutil.Assignments(info, encl, v); len(defs) == 1 {
		if call, ok := ast.Unparen(defs[0]).(*ast.CallExpr); ok && len(call.Args) > 0 {
			if _, multi := info.TypeOf(call).(*types.Tuple); !multi {
				seen[v] = true
				return call, v
			}
		}
		if _, ok := ast.Unparen(defs[0]).(*ast.BinaryExpr); ok {
			seen[v] = true
			return ast.Unparen(defs[0]), v
		}
	}
	return e, nil
}

func isPackageName(info *types.Info, e ast.Expr) bool {
	id, ok := e.(*ast.Ident)
	if !ok {
		return false
	}
	_, isPkg := info.Uses[id].(*types.PkgName)
	return isPkg
}

// keyField returns the struct field a key expression reads (l.key), or nil.
func keyField(info *types.Info, e ast.Expr) *types.Var {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	v, ok := info.ObjectOf(sel.Sel).(*types.Var)
	if !ok || !v.IsField() {
		return nil
	}
	return v
}
