package wait

import (
	"go/ast"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/libs"
)

// IsTickerRange reports whether a range statement ranges over a ticker's
// channel (for range tick.C, for range time.Tick(d)): its elements are
// ticks, not work, so each iteration runs the same operation again after
// a wait, as a for loop with a sleep does. Whether it is a retry is the
// walk's to say (success must leave the loop: periodic work that never
// leaves is not a retry).
func IsTickerRange(info *types.Info, x ast.Expr) bool {
	switch x := ast.Unparen(x).(type) {
	case *ast.CallExpr:
		return libs.Is(libs.Callee(info, x), "time", "Tick")
	case *ast.SelectorExpr:
		if x.Sel.Name != "C" {
			return false
		}
		t := info.TypeOf(x.X)
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		return libs.IsNamed(t, "time", "Ticker")
	}
	return false
}
