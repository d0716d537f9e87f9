package retrybody

import (
	"go/ast"
	"go/token"
	"go/types"
)

// guardedParam returns the index of the parameter that decides whether a
// builder's body reader exists at all: the reader is a local declared
// without a value and only ever assigned under `if p != nil`
// (`var r io.Reader; if body != nil { r = bytes.NewReader(...) }`), the
// way API clients marshal an optional payload. A caller passing nil for p
// builds a request without a body.
func guardedParam(info *types.Info, body *ast.BlockStmt, fn *types.Func, reader *ast.Ident) (int, bool) {
	v, ok := info.Uses[reader].(*types.Var)
	if !ok || v.Parent() == nil || body == nil || !declaredEmpty(info, body, v) {
		return 0, false
	}
	params := fn.Signature().Params()
	guard, ok := -1, true
	var visit func(n ast.Node, under map[int]bool) bool
	visit = func(n ast.Node, under map[int]bool) bool {
		switch n := n.(type) {
		case *ast.IfStmt:
			inner := under
			if i := nonNilParam(info, n.Cond, params); i >= 0 {
				inner = map[int]bool{i: true}
				for k := range under {
					inner[k] = true
				}
			}
			ast.Inspect(n.Body, func(m ast.Node) bool { return m == n.Body || visit(m, inner) })
			if n.Init != nil {
				ast.Inspect(n.Init, func(m ast.Node) bool { return visit(m, under) })
			}
			if n.Else != nil {
				ast.Inspect(n.Else, func(m ast.Node) bool { return visit(m, under) })
			}
			return false
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				if id, isID := ast.Unparen(l).(*ast.Ident); isID && info.Uses[id] == v {
					ok = ok && pickGuard(under, &guard)
				}
			}
		case *ast.UnaryExpr:
			if id, isID := ast.Unparen(n.X).(*ast.Ident); isID && n.Op == token.AND && info.Uses[id] == v {
				ok = false // its address escapes: stores we cannot see
			}
		}
		return true
	}
	ast.Inspect(body, func(n ast.Node) bool { return n == body || visit(n, nil) })
	return guard, ok && guard >= 0
}

// pickGuard keeps the one guard every assignment of the reader is under.
func pickGuard(under map[int]bool, guard *int) bool {
	if *guard >= 0 {
		return under[*guard]
	}
	for i := range under {
		if len(under) == 1 {
			*guard = i
		}
	}
	return *guard >= 0
}

// declaredEmpty reports whether v is declared in body by `var v T` with no
// value (its zero value, a nil reader).
func declaredEmpty(info *types.Info, body *ast.BlockStmt, v *types.Var) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		spec, ok := n.(*ast.ValueSpec)
		if !ok {
			return true
		}
		for _, name := range spec.Names {
			if info.Defs[name] == v && len(spec.Values) == 0 {
				found = true
			}
		}
		return false
	})
	return found
}

// nonNilParam returns the index of the parameter cond tests against nil
// (`p != nil`), or -1.
func nonNilParam(info *types.Info, cond ast.Expr, params *types.Tuple) int {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || b.Op != token.NEQ {
		return -1
	}
	for _, pair := range [][2]ast.Expr{{b.X, b.Y}, {b.Y, b.X}} {
		id, isID := ast.Unparen(pair[0]).(*ast.Ident)
		if tv, known := info.Types[pair[1]]; !isID || !known || !tv.IsNil() {
			continue
		}
		for i := range params.Len() {
			if params.At(i) == info.Uses[id] {
				return i
			}
		}
	}
	return -1
}
