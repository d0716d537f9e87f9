package status

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
)

// Real clients often keep the status under a name before testing it
// (code := resp.StatusCode; if code >= 400 {...}, or
// if sc := resp.StatusCode; sc < 200 || sc > 299 {...}): a test of such a
// variable is a test of the status it holds.

// NoteStatusVars records the local integers of body defined once from a
// status expression (resp.StatusCode, resp.StatusCode()/100) and never
// assigned again.
func (o *Outcomes) NoteStatusVars(body ast.Node) {
	for obj, vs := range o.definedScalars(body) {
		if len(vs) == 1 && site.IsInteger(obj.Type()) && statusExpr(o.info, vs[0], o.IsDerived) != noStatus {
			if o.statusVars == nil {
				o.statusVars = map[types.Object]ast.Expr{}
			}
			o.statusVars[obj] = vs[0]
		}
	}
}

// LocalValues returns the local variables of body whose type keep
// accepts and that are defined in body with a value (x := e, var x = e),
// each with every value it is given there (x = e2 too), in source order.
// A variable also assigned without a single value of its own (x, y = f(),
// x++, &x) is left out: what it holds is not in sight.
func LocalValues(info *types.Info, body ast.Node, keep func(types.Type) bool) map[types.Object][]ast.Expr {
	values := map[types.Object][]ast.Expr{}
	defined, opaque := map[types.Object]bool{}, map[types.Object]bool{}
	note := func(id *ast.Ident, rhs ast.Expr, define bool) {
		obj := info.ObjectOf(id)
		if obj == nil || !keep(obj.Type()) {
			return
		}
		if rhs == nil {
			opaque[obj] = true
			return
		}
		defined[obj] = defined[obj] || define
		values[obj] = append(values[obj], rhs)
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				id, ok := ast.Unparen(l).(*ast.Ident)
				if !ok {
					continue
				}
				var rhs ast.Expr
				if len(n.Lhs) == len(n.Rhs) && (n.Tok == token.DEFINE || n.Tok == token.ASSIGN) {
					rhs = n.Rhs[i]
				}
				note(id, rhs, n.Tok == token.DEFINE)
			}
		case *ast.IncDecStmt:
			if id, ok := ast.Unparen(n.X).(*ast.Ident); ok {
				note(id, nil, false)
			}
		case *ast.ValueSpec:
			for i, id := range n.Names {
				var rhs ast.Expr
				if len(n.Names) == len(n.Values) {
					rhs = n.Values[i]
				}
				note(id, rhs, true)
			}
		case *ast.UnaryExpr:
			if n.Op == token.AND { // &code: written elsewhere
				if id, ok := ast.Unparen(n.X).(*ast.Ident); ok {
					note(id, nil, false)
				}
			}
		}
		return true
	})
	for obj := range values {
		if opaque[obj] || !defined[obj] {
			delete(values, obj)
		}
	}
	return values
}

// unalias returns the status expression a recorded variable holds, or e.
func (o *Outcomes) unalias(e ast.Expr) ast.Expr {
	if id, ok := ast.Unparen(e).(*ast.Ident); ok {
		if d, ok := o.statusVars[o.info.ObjectOf(id)]; ok {
			return d
		}
	}
	return e
}

// unaliasBinary is e with recorded status variables replaced by what
// they hold.
func (o *Outcomes) unaliasBinary(e *ast.BinaryExpr) *ast.BinaryExpr {
	if len(o.statusVars) == 0 {
		return e
	}
	x, y := o.unalias(e.X), o.unalias(e.Y)
	if x == e.X && y == e.Y {
		return e
	}
	return &ast.BinaryExpr{X: x, OpPos: e.OpPos, Op: e.Op, Y: y}
}
