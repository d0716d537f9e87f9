package wait

import (
	"go/ast"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
)

// IsScheduleRange reports whether a range statement walks a schedule of
// delays: the elements are durations or plain numbers (a slice or array
// of time.Duration, or of int or float counts of a unit: var delaysMs =
// [5]int{100, 200, 500}; a literal, a package variable, a field) and one
// of them is what a wait of the body waits for (time.Duration(ms) *
// time.Millisecond),
//
//	for _, d := range backoffs {
//		if err = op(); err == nil {
//			break
//		}
//		time.Sleep(d)
//	}
//
// (or time.Sleep(backoffs[i]) with for i := range backoffs). Each element
// is the pause before the same operation runs again, so the loop repeats
// one operation, bounded by the schedule's length, as for range n does;
// whether it is a retry is the walk's to say. A range over anything else
// (endpoints, targets, jobs) moves on to a different operation each time
// and stays out (RULES.md, "Vocabulary").
func IsScheduleRange(info *types.Info, l *ast.RangeStmt, waitOf func(*ast.CallExpr) *site.WaitFact) bool {
	if !isDurationList(info.TypeOf(l.X)) {
		return false
	}
	var elem, key types.Object
	if id, ok := l.Value.(*ast.Ident); ok && id.Name != "_" {
		elem = info.ObjectOf(id)
	}
	if id, ok := l.Key.(*ast.Ident); ok && id.Name != "_" {
		key = info.ObjectOf(id)
	}
	if elem == nil && key == nil {
		return false
	}
	found := false
	ast.Inspect(l.Body, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			idx := -1
			if i, ok := libs.Waits.Lookup(libs.Callee(info, n)); ok {
				idx = i
			} else if wf := waitOf(n); wf != nil && !wf.Iter {
				idx = wf.Param
			}
			if idx >= 0 && idx < len(n.Args) && readsElement(info, n.Args[idx], l.X, elem, key) {
				found = true
			}
		}
		return true
	})
	return found
}

// readsElement reports whether e reads the schedule's current element: the
// range's value variable, or x[key].
func readsElement(info *types.Info, e, x ast.Expr, elem, key types.Object) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.Ident:
			found = found || elem != nil && info.ObjectOf(n) == elem
		case *ast.IndexExpr:
			if id, ok := ast.Unparen(n.Index).(*ast.Ident); ok && key != nil && info.ObjectOf(id) == key && types.ExprString(n.X) == types.ExprString(x) {
				found = true
			}
		}
		return !found
	})
	return found
}

// isDurationList reports whether t is a slice or array (or a pointer to
// an array) of time.Duration or of a plain number. A list of structs
// (targets each with its own Delay field) is not a schedule: each round
// is a different operation.
func isDurationList(t types.Type) bool {
	if t == nil {
		return false
	}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	var elem types.Type
	switch u := t.Underlying().(type) {
	case *types.Slice:
		elem = u.Elem()
	case *types.Array:
		elem = u.Elem()
	default:
		return false
	}
	if libs.IsNamed(elem, "time", "Duration") {
		return true
	}
	b, ok := elem.(*types.Basic)
	return ok && b.Info()&(types.IsInteger|types.IsFloat) != 0
}
