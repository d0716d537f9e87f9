package astutil

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"regexp"
)

var printfVerb = regexp.MustCompile(`%[-+# 0-9.*]*[a-zA-Z%]`)

// constArgs returns the values of arguments that are all constants.
func constArgs(info *types.Info, args []ast.Expr) ([]any, bool) {
	var out []any
	for _, a := range args {
		tv, ok := info.Types[a]
		if !ok || tv.Value == nil {
			return nil, false
		}
		switch tv.Value.Kind() {
		case constant.String:
			out = append(out, constant.StringVal(tv.Value))
		case constant.Int:
			v, _ := constant.Int64Val(tv.Value)
			out = append(out, v)
		default:
			out = append(out, tv.Value.ExactString())
		}
	}
	return out, true
}

// stringValue follows the locals a string is read through; reading holds
// those being read, as one assigned once from itself (q = q + " LIMIT 1")
// leads back to its own value.
func stringValue(info *types.Info, e ast.Expr, defs func(*types.Var) []ast.Expr, depth int, reading map[*types.Var]bool) (string, bool) {
	if depth > 6 {
		return "", false
	}
	if tv, ok := info.Types[e]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
		return constant.StringVal(tv.Value), true
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.BinaryExpr:
		if x.Op != token.ADD {
			return "", false
		}
		l, lok := stringValue(info, x.X, defs, depth+1, reading)
		r, rok := stringValue(info, x.Y, defs, depth+1, reading)
		if !lok {
			l = "?"
		}
		if !rok {
			r = "?"
		}
		return l + r, lok || rok
	case *ast.CallExpr:
		sel, ok := x.Fun.(*ast.SelectorExpr)
		if !ok || len(x.Args) == 0 {
			return "", false
		}
		if fn, ok := info.Uses[sel.Sel].(*types.Func); ok && fn.Pkg() != nil && fn.Pkg().Path() == "fmt" && fn.Name() == "Sprintf" {
			format, ok := stringValue(info, x.Args[0], defs, depth+1, reading)
			if !ok {
				return "", false
			}
			if args, ok := constArgs(info, x.Args[1:]); ok {
				return fmt.Sprintf(format, args...), true // Sprintf(q, "orders")
			}
			return printfVerb.ReplaceAllString(format, "?"), true
		}
	case *ast.Ident:
		if v, ok := info.Uses[x].(*types.Var); ok && defs != nil && !reading[v] {
			if d := defs(v); len(d) == 1 {
				reading[v] = true
				defer delete(reading, v)
				return stringValue(info, d[0], defs, depth+1, reading)
			}
		}
	}
	return "", false
}
