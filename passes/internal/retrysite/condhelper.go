package retrysite

import (
	"go/ast"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
)

// A condition helper polls a function it is given, as Kubernetes'
// wait.ExponentialBackoff does (programs keep their own copy of it):
//
//	func ExponentialBackoff(b Backoff, condition func() (bool, error)) error {
//		for b.Steps > 0 {
//			if ok, err := condition(); err != nil || ok {
//				return err
//			}
//			time.Sleep(b.Step())
//		}
//		return ErrWaitTimeout
//	}
//
// Its own loop is a status poll: an error ends it. But the condition is
// the caller's, and a caller retries by answering (false, nil) after a
// failure (err = f(); if retryable(err) { return false, nil }). A call of
// such a helper is read as a call of wait.ExponentialBackoff is: a retry
// of what the condition runs, judged by the condition's answers
// (site.HelperFact Condition).

// conditionParam returns the index of the parameter of fd, a function
// func() (bool, error), that a loop of fd calls and waits between calls
// of, or -1.
func conditionParam(info *types.Info, fd *ast.FuncDecl) int {
	fn, ok := info.Defs[fd.Name].(*types.Func)
	if !ok {
		return -1
	}
	params := map[types.Object]int{}
	for i := range fn.Signature().Params().Len() {
		p := fn.Signature().Params().At(i)
		if isCondition(p.Type()) {
			params[p] = i
		}
	}
	if len(params) == 0 {
		return -1
	}
	found := -1
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok || found >= 0 {
			return false
		}
		var body *ast.BlockStmt
		switch l := n.(type) {
		case *ast.ForStmt:
			body = l.Body
		case *ast.RangeStmt:
			body = l.Body
		default:
			return true
		}
		if i := polledParam(info, body, params); i >= 0 && waitsIn(info, body) {
			found = i
		}
		return found < 0
	})
	return found
}

// isCondition reports whether t is a func() (bool, error).
func isCondition(t types.Type) bool {
	sig, ok := t.Underlying().(*types.Signature)
	return ok && sig.Params().Len() == 0 && sig.Results().Len() == 2 &&
		site.IsBool(sig.Results().At(0).Type()) && site.IsErrorType(sig.Results().At(1).Type())
}

// polledParam returns the index of the parameter of params body calls
// for both its answers (ok, err := condition()), or -1.
func polledParam(info *types.Info, body *ast.BlockStmt, params map[types.Object]int) int {
	found := -1
	ast.Inspect(body, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok || found >= 0 {
			return false
		}
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != 2 || len(as.Rhs) != 1 {
			return true
		}
		call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
		if !ok {
			return true
		}
		if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
			if i, ok := params[info.Uses[id]]; ok {
				found = i
			}
		}
		return true
	})
	return found
}

// waitsIn reports whether body waits for a delay (time.Sleep, a timer).
func waitsIn(info *types.Info, body *ast.BlockStmt) bool {
	return astutil.Some(body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return false
		}
		_, waits := libs.Waits.Lookup(libs.Callee(info, call))
		return waits
	})
}
