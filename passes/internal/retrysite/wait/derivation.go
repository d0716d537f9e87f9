package wait

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
)

// derivation returns the local variables that e computes its value from,
// when e gives the same value again while they do not change: a call of
// a function that returns no error (next(lastT), time.Until(t) excluded:
// it reads the clock), arithmetic, a field of one. It returns nil for
// what may give a new value each time: a receive, an attempt, a clock,
// random or fresh-ID call, or an expression that reads no local.
//
//	for {
//		t := next(lastT)
//		if err := send(t); err != nil { sleep(d); continue } // t again
//		lastT = t
//	}
func (w *failWalk) derivation(e ast.Expr) map[types.Object]bool {
	info := w.f.info
	out := map[types.Object]bool{}
	pure := true
	ast.Inspect(e, func(n ast.Node) bool {
		if !pure {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			pure = false
		case *ast.UnaryExpr:
			pure = n.Op != token.ARROW
		case *ast.CallExpr:
			if tv, ok := info.Types[n.Fun]; ok && tv.IsType() {
				return true // a conversion
			}
			t := info.TypeOf(n)
			if tup, ok := t.(*types.Tuple); ok && tup.Len() > 0 {
				t = tup.At(tup.Len() - 1).Type()
			}
			fn := libs.Callee(info, n)
			_, fresh := libs.FreshValueFuncs.Lookup(fn)
			clock := fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "time"
			pure = len(n.Args) > 0 && !site.IsErrorType(t) && !fresh && !clock && (fn == nil || !libs.IsRandom(fn))
		case *ast.Ident:
			if v, ok := info.Uses[n].(*types.Var); ok && !v.IsField() && v.Pkg() != nil && v.Parent() != v.Pkg().Scope() {
				out[v] = true
			}
		}
		return pure
	})
	if !pure || len(out) == 0 {
		return nil
	}
	return out
}
