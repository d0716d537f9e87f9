package retrysite

import (
	"go/ast"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
	"github.com/idemlint/idemlint/passes/internal/retrysite/status"
)

// dropUntested removes, from the loop's attempts, the calls whose error
// the loop only hands to a call it ignores the result of (a log), when
// another attempt's error is tested:
//
//	for i := range 10 {
//		if i > 0 {
//			flushErr := st.FlushCaches(ctx)
//			log.Printf("flush: %v", flushErr)
//			time.Sleep(next)
//		}
//		if err := load(ctx); err == nil { return nil }
//	}
//
// The flush's outcome decides nothing; the load after it is the attempt,
// and the wait before it is the retry's. A call that never succeeds
// (package fails) stays: its error, logged, is a reconnect's failure.
func (w *loopWalk) dropUntested() {
	var parents map[ast.Node]ast.Node
	var untested []ast.Node
	tested := false
	for n := range w.opAssigns {
		lhs, ok := status.IsOpAssign(w.info, n)
		if !ok {
			tested = true // a bool or nil result: the walk reads it
			continue
		}
		if parents == nil {
			parents = astutil.Parents(w.loop)
		}
		if w.errTested(lhs, parents) {
			tested = true
		} else if _, call := site.OpParts(n); call == nil || w.fl == nil || !w.fl.Of(call) {
			untested = append(untested, n)
		}
	}
	if !tested {
		return
	}
	for _, n := range untested {
		delete(w.opAssigns, n)
	}
}

// errTested reports whether an error among lhs is read in the loop other
// than as an argument of a call whose result is dropped.
func (w *loopWalk) errTested(lhs []ast.Expr, parents map[ast.Node]ast.Node) bool {
	errs := map[types.Object]bool{}
	for _, l := range lhs {
		if id, ok := ast.Unparen(l).(*ast.Ident); ok && site.IsErrorType(w.info.TypeOf(id)) {
			if obj := w.info.ObjectOf(id); obj != nil {
				errs[obj] = true
			}
		} else if !ok {
			return true // err stored in a field: read elsewhere
		}
	}
	return astutil.Some(w.loop, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok || !errs[w.info.Uses[id]] {
			return false
		}
		var e ast.Node = id
		for {
			p := parents[e]
			switch p := p.(type) {
			case *ast.ParenExpr, *ast.KeyValueExpr, *ast.CompositeLit:
				e = p
				continue
			case *ast.CallExpr:
				if p.Fun != e {
					e = p
					continue
				}
			case *ast.ExprStmt:
				return false // log.Printf("...: %v", err)
			}
			return true
		}
	})
}
