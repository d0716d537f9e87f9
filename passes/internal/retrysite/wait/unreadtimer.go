package wait

import (
	"go/ast"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
)

// A timer's Reset waits for nothing itself: the wait is the receive from
// its channel (t.Reset(d); <-t.C). A timer whose channel the package never
// reads (one made by time.AfterFunc, a watchdog re-armed on every message
// so that its callback fires only when messages stop) blocks nobody, and
// re-arming it is no delay between attempts.

// resetsUnread reports whether call is t.Reset(d) on a timer variable or
// field whose C this package never selects.
func (f *Waits) resetsUnread(call *ast.CallExpr) bool {
	if !libs.IsMethod(libs.Callee(f.info, call), "time", "Timer", "Reset") {
		return false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	obj := timerObject(f.info, sel.X)
	if obj == nil {
		return false // a timer from a call or an index: not followed
	}
	return !f.readTimers()[obj]
}

// readTimers returns the variables and fields holding a timer whose
// channel the package selects (t.C, s.timer.C), found once per package,
// when the first Reset is met. The bodies index keeps the statements and
// calls such a selector sits in (case <-t.C:, v := <-t.C, return t.C).
func (f *Waits) readTimers() map[types.Object]bool {
	if f.timersRead != nil {
		return f.timersRead
	}
	f.timersRead = map[types.Object]bool{}
	for n := range f.index.Package() {
		ast.Inspect(n, func(n ast.Node) bool {
			if _, lit := n.(*ast.FuncLit); lit {
				return false // the index yields its nodes too
			}
			sel, ok := n.(*ast.SelectorExpr)
			if ok && sel.Sel.Name == "C" && isTimer(f.info.TypeOf(sel.X)) {
				if obj := timerObject(f.info, sel.X); obj != nil {
					f.timersRead[obj] = true
				}
			}
			return true
		})
	}
	return f.timersRead
}

// timerObject returns the variable or field that e names (t, s.timer).
func timerObject(info *types.Info, e ast.Expr) types.Object {
	if id := site.NameOf(e); id != nil {
		return info.Uses[id]
	}
	return nil
}

// isTimer reports whether t is *time.Timer.
func isTimer(t types.Type) bool {
	p, ok := t.(*types.Pointer)
	return ok && libs.IsNamed(p.Elem(), "time", "Timer")
}
