package astutil

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
)

// IntConst returns the value of an integer constant expression.
func IntConst(info *types.Info, e ast.Expr) (int64, bool) {
	tv, ok := info.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.Int {
		return 0, false
	}
	return constant.Int64Val(tv.Value)
}

// IntValue is IntConst's value, or 0 when e is not an integer constant.
func IntValue(info *types.Info, e ast.Expr) int {
	v, _ := IntConst(info, e)
	return int(v)
}

// IsZero reports whether e is a numeric constant zero (a string or a
// boolean constant is not: constant.Sign takes numbers only).
func IsZero(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	if !ok || tv.Value == nil {
		return false
	}
	switch tv.Value.Kind() {
	case constant.Int, constant.Float, constant.Complex:
		return constant.Sign(tv.Value) == 0
	}
	return false
}

// IsZeroValue reports whether e is nil or a zero constant of any kind
// (0, "", false): what a drain loop's "nothing left" and a compare-and-swap
// from the unset value compare with.
func IsZeroValue(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	if !ok {
		return false
	}
	if tv.IsNil() {
		return true
	}
	if tv.Value == nil {
		return false
	}
	switch tv.Value.Kind() {
	case constant.Int, constant.Float:
		return constant.Sign(tv.Value) == 0
	case constant.String:
		return constant.StringVal(tv.Value) == ""
	case constant.Bool:
		return !constant.BoolVal(tv.Value)
	}
	return false
}

// Mirror turns the comparison "c OP x" into "x OP' c".
func Mirror(op token.Token) token.Token {
	switch op {
	case token.LSS:
		return token.GTR
	case token.GTR:
		return token.LSS
	case token.LEQ:
		return token.GEQ
	case token.GEQ:
		return token.LEQ
	}
	return op
}

// TypeName is the name of a named type, through one pointer, or "".
func TypeName(t types.Type) string {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		return n.Obj().Name()
	}
	return ""
}

// ComparesWith reports whether one side of b is the constant v.
func ComparesWith(info *types.Info, b *ast.BinaryExpr, v constant.Value) bool {
	for _, side := range []ast.Expr{b.X, b.Y} {
		if tv, ok := info.Types[side]; ok && tv.Value != nil && tv.Value.Kind() == v.Kind() && constant.Compare(tv.Value, token.EQL, v) {
			return true
		}
	}
	return false
}

// IsAppend reports whether call is of the builtin append.
func IsAppend(info *types.Info, call *ast.CallExpr) bool {
	return isBuiltin(info, call, "append")
}

// IsMake reports whether e is a call of the builtin make.
func IsMake(info *types.Info, e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	return ok && isBuiltin(info, call, "make")
}

func isBuiltin(info *types.Info, call *ast.CallExpr, name string) bool {
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok {
		return false
	}
	b, ok := info.Uses[id].(*types.Builtin)
	return ok && b.Name() == name
}

// IsNil reports whether e is the predeclared nil.
func IsNil(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[ast.Unparen(e)]
	return ok && tv.IsNil()
}

// IsNilTest reports whether b compares v with nil (v != nil, nil == v).
func IsNilTest(info *types.Info, b *ast.BinaryExpr, v types.Object) bool {
	is := func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		return ok && info.ObjectOf(id) == v
	}
	return is(b.X) && IsNil(info, b.Y) || is(b.Y) && IsNil(info, b.X)
}
