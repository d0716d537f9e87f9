package retrysite

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
	"github.com/idemlint/idemlint/passes/internal/retrysite/status"
)

// exhaustedLoop returns the failure test of st when st is a loop over
// targets that only an exhaustion leaves without returning: it tests an
// attempt's failure, returns from within on success only (a failure that
// returns makes what follows a success), and has no break of its own. What follows it runs only when every target failed, a
// failure path like the body of `if err != nil` (sarama's metadata
// refresh: the brokers are tried in turn, then retry(err) waits and calls
// the function again). The test is the first if of the body that tests a
// failure (err != nil) or a success that returns (if err == nil { return
// }, whose false side is the failure), or nil.
func (f *finder) exhaustedLoop(st ast.Stmt) (test ast.Expr, onFalse bool) {
	body := site.LoopBody(st)
	if body == nil || breaksOut(body) || !astutil.HoldsReturn(body) {
		return nil, false
	}
	failureLeaves := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IfStmt:
			switch {
			case status.FailureTest(f.info, n.Cond, true):
				// for _, it := range items { if err := do(it); err != nil
				// { return err } }: what follows is a success. (A failure
				// narrowed first, errors.As(err, &authErr), may give up
				// while the others move on, in the branch or after it.)
				failureLeaves = failureLeaves || anyError(f.info, n.Cond) && returns(n.Body)
				if test == nil {
					test = n.Cond
				}
			case status.FailureTest(f.info, n.Cond, false) && astutil.HoldsReturn(n.Body):
				if test == nil {
					test, onFalse = n.Cond, true
				}
			}
		}
		return true
	})
	if failureLeaves {
		return nil, false
	}
	return test, onFalse
}

// breaksOut reports whether body, a loop's, holds a break that leaves
// the loop: an unlabelled one outside the loops, switches and selects it
// holds, or a labelled one.
func breaksOut(body *ast.BlockStmt) bool {
	found := false
	var visit func(n ast.Node, nested bool) bool
	visit = func(n ast.Node, nested bool) bool {
		ast.Inspect(n, func(x ast.Node) bool {
			if found || x == nil {
				return false
			}
			switch x := x.(type) {
			case *ast.FuncLit:
				return false
			case *ast.BranchStmt:
				if x.Tok == token.BREAK && (x.Label != nil || !nested) {
					found = true
				}
			case *ast.ForStmt, *ast.RangeStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
				if x != n {
					visit(x, true)
					return false
				}
			}
			return true
		})
		return found
	}
	return visit(body, false)
}

// anyError reports whether cond is err != nil of an error variable: any
// failure, not one narrowed by a predicate.
func anyError(info *types.Info, cond ast.Expr) bool {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || b.Op != token.NEQ {
		return false
	}
	x, y := b.X, b.Y
	if site.IsNil(info, x) {
		x, y = y, x
	}
	return site.IsNil(info, y) && site.IsErrorType(info.TypeOf(x))
}
