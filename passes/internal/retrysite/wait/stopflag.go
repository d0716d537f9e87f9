package wait

import (
	"go/ast"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
)

// StopFlag reports whether cond asks about state that someone else
// changes: a stop flag or a closed state read through a call or a field
// (atomic.LoadInt32(&r.stopFlag) == 1, c.isClosed(), r.running.Load()),
// not the attempt's outcome, a counter, or anything else in assigned (what
// the loop itself assigns, AssignedIn).
func StopFlag(info *types.Info, cond ast.Expr, assigned map[types.Object]bool) bool {
	if tv, ok := info.Types[cond]; !ok || tv.Value != nil {
		return false
	}
	dynamic := astutil.Some(cond, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			tv, ok := info.Types[n.Fun]
			return ok && !tv.IsType() && !tv.IsBuiltin()
		case *ast.SelectorExpr:
			v, ok := info.ObjectOf(n.Sel).(*types.Var)
			return ok && v.IsField()
		}
		return false
	})
	return dynamic && !site.MentionsAny(info, cond, assigned)
}

// AssignedIn returns the variables and fields loop assigns or increments,
// its counters included.
func AssignedIn(info *types.Info, loop ast.Node) map[types.Object]bool {
	assigned := map[types.Object]bool{}
	mark := func(e ast.Expr) {
		if id := site.RootIdent(e); id != nil {
			if obj := info.ObjectOf(id); obj != nil {
				assigned[obj] = true
			}
		}
		if sel, ok := ast.Unparen(e).(*ast.SelectorExpr); ok {
			if obj := info.ObjectOf(sel.Sel); obj != nil {
				assigned[obj] = true
			}
		}
	}
	ast.Inspect(loop, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				mark(l)
			}
		case *ast.IncDecStmt:
			mark(n.X)
		case *ast.ValueSpec:
			for _, id := range n.Names {
				mark(id)
			}
		case *ast.RangeStmt:
			for _, e := range []ast.Expr{n.Key, n.Value} {
				if e != nil {
					mark(e)
				}
			}
		}
		return true
	})
	return assigned
}
