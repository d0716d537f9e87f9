package retrysite

import (
	"go/ast"
	"go/token"

	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
	"github.com/idemlint/idemlint/passes/internal/retrysite/wait"
)

// Waits for state before the attempt. A wait in an if that runs before
// every attempt of the round, tests only what the loop does not change
// (em.IsFull(): the cache is full) and starts the round again at once
//
//	for { if em.IsFull() { time.Sleep(10 * time.Millisecond); continue }
//	      if err := load(); err != nil { time.Sleep(d); continue } }
//
// waits for capacity or readiness, not after a failure: a failed attempt
// meets it only while that state holds, and it leads to no attempt. It
// is no retry delay; the wait after the failure is.

// stateWaits returns the waits of the loop body that wait for such a
// state.
func (w *loopWalk) stateWaits(body *ast.BlockStmt) map[*ast.CallExpr]bool {
	first := token.NoPos // the first attempt
	for n := range w.opAssigns {
		if !first.IsValid() || n.Pos() < first {
			first = n.Pos()
		}
	}
	assigned := wait.AssignedIn(w.info, w.loop)
	out := map[*ast.CallExpr]bool{}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.FuncLit, *ast.ForStmt, *ast.RangeStmt:
			return false // a continue there goes round another loop
		}
		ifs, ok := n.(*ast.IfStmt)
		if !ok || ifs.End() > first {
			return n != nil && n.Pos() < first
		}
		if ifs.Init != nil || ifs.Else != nil || !w.continuesLoop(ifs.Body) || site.MentionsAny(w.info, ifs.Cond, assigned) {
			return true
		}
		ast.Inspect(ifs.Body, func(m ast.Node) bool {
			if call, ok := m.(*ast.CallExpr); ok {
				if _, isWait := libs.Waits.Lookup(libs.Callee(w.info, call)); isWait || w.waitOf(call) != nil {
					out[call] = true
				}
			}
			return true
		})
		return false
	})
	return out
}

// continuesLoop reports whether block ends by starting the loop's next
// round: an unlabelled continue, outside any inner loop.
func (w *loopWalk) continuesLoop(block *ast.BlockStmt) bool {
	if len(block.List) == 0 {
		return false
	}
	br, ok := block.List[len(block.List)-1].(*ast.BranchStmt)
	return ok && br.Tok == token.CONTINUE && br.Label == nil
}
