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
	for obj, e := range o.definedScalars(body) {
		if site.IsInteger(obj.Type()) && statusExpr(o.info, e, o.IsDerived) != noStatus {
			if o.statusVars == nil {
				o.statusVars = map[types.Object]ast.Expr{}
			}
			o.statusVars[obj] = e
		}
	}
}

// definedOnce returns the local variables of body whose type keep accepts,
// defined with a value (x := e, var x = e) and never assigned, incremented
// or taken the address of afterwards, each with its value.
func definedOnce(info *types.Info, body ast.Node, keep func(types.Type) bool) map[types.Object]ast.Expr {
	assigned := map[types.Object]int{}
	defs := map[types.Object]ast.Expr{}
	note := func(id *ast.Ident, rhs ast.Expr, define bool) {
		obj := info.ObjectOf(id)
		if obj == nil {
			return
		}
		assigned[obj]++
		if define && rhs != nil && keep(obj.Type()) {
			defs[obj] = rhs
		}
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
				if len(n.Lhs) == len(n.Rhs) {
					rhs = n.Rhs[i]
				}
				note(id, rhs, n.Tok == token.DEFINE)
			}
		case *ast.IncDecStmt:
			if id, ok := ast.Unparen(n.X).(*ast.Ident); ok {
				note(id, nil, false)
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
					note(id, nil, false)
				}
			}
		}
		return true
	})
	for obj := range defs {
		if assigned[obj] != 1 {
			delete(defs, obj)
		}
	}
	return defs
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
