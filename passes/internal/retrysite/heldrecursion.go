package retrysite

import (
	"go/ast"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/bodies"
)

// A recursive retry may keep its wait and its self-call in a function
// literal held in a local variable, which the failure branches call:
//
//	retry := func(err error) error {
//		if attemptsRemaining > 0 {
//			time.Sleep(backoff)
//			attemptsRemaining--
//			return c.refresh(topics, attemptsRemaining)
//		}
//		return err
//	}
//	...
//	if err != nil {
//		return retry(err)
//	}
//
// Its site is the self-call's, as for a self-call written in the branch:
// its RetryPath is each failure branch up to its call of the variable,
// then the literal's statements up to the self-call.

// heldLiteral returns the function literal directly in b that holds
// call and is held in a local variable, and the variable; nil when call
// is not in one.
func (f *finder) heldLiteral(b *bodies.Body, call *ast.CallExpr) (*ast.FuncLit, types.Object) {
	for _, lit := range b.Lits {
		if astutil.Contains(lit, call) {
			if v := heldVar(f.info, b, lit); v != nil {
				return lit, v
			}
		}
	}
	return nil, nil
}

// heldVar returns the local variable body assigns lit to, or nil.
func heldVar(info *types.Info, body *bodies.Body, lit *ast.FuncLit) types.Object {
	for _, n := range body.Nodes {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 || ast.Unparen(as.Rhs[0]) != lit {
			continue
		}
		if id, ok := as.Lhs[0].(*ast.Ident); ok && id.Name != "_" {
			return info.ObjectOf(id)
		}
	}
	return nil
}

// callsHeld reports whether body calls the literal held in v.
func callsHeld(info *types.Info, body *bodies.Body, v types.Object) bool {
	for _, c := range body.Calls {
		if id, ok := ast.Unparen(c.Fun).(*ast.Ident); ok && info.Uses[id] == v {
			return true
		}
	}
	return false
}

// heldBranches returns the retry path of a self-call in a held literal:
// the failure branches of fd that call the literal, then the literal's
// statements up to the self-call; and the failure tests of those
// branches. The literal must reach the self-call without a failure test
// of its own (a counter's test is fine).
func (f *finder) heldBranches(fd *ast.FuncDecl, lit *ast.FuncLit, v types.Object, call *ast.CallExpr) (path []ast.Node, tests []ast.Expr, onFalse map[ast.Expr]bool) {
	inLit := litPathTo(lit.Body.List, call)
	if inLit == nil {
		return nil, nil, nil
	}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if n == lit {
			return false
		}
		c, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		if id, isID := ast.Unparen(c.Fun).(*ast.Ident); !isID || f.info.Uses[id] != v {
			return true
		}
		p, test, neg := f.failureBranchIn(fd.Body.List, c)
		if p == nil {
			return true
		}
		path = append(path, p...)
		tests = append(tests, test)
		if neg {
			if onFalse == nil {
				onFalse = map[ast.Expr]bool{}
			}
			onFalse[test] = true
		}
		return true
	})
	if len(tests) == 0 {
		return nil, nil, nil
	}
	return append(path, inLit...), tests, onFalse
}

// litPathTo returns the statements of list, and of the blocks of the if
// statements holding call, that run up to call, or nil when call is not
// reached that way.
func litPathTo(list []ast.Stmt, call *ast.CallExpr) []ast.Node {
	for i, st := range list {
		if !(st.Pos() <= call.Pos() && call.End() <= st.End()) {
			continue
		}
		before := nodes(list[:i])
		if ifs, ok := st.(*ast.IfStmt); ok && astutil.Contains(ifs.Body, call) {
			if inner := litPathTo(ifs.Body.List, call); inner != nil {
				return append(append(before, ifs.Cond), inner...)
			}
			return nil
		}
		return append(before, st)
	}
	return nil
}
