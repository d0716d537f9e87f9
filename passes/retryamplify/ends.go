package retryamplify

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/retrysite"
)

// failureEndsOuter reports whether a failure of the inner retry entered by
// call ends the outer site instead of sending it round: the call's error
// is tested at once and the failing branch leaves the loop (return,
// break) or, in a helper's operation, returns the error wrapped as
// permanent (backoff.Permanent, retry.Unrecoverable) or as a plain error
// to a helper that stops on those (go-retry, a wait condition). Then the
// outer site runs the inner retry again only after it succeeded, and the
// attempts do not multiply (an ACME poll that stops on a failed request).
func (a *amplifier) failureEndsOuter(outer *retrysite.Site, call *ast.CallExpr) bool {
	body := outer.Op.Body
	if body == nil || !contains(body, call) {
		return false
	}
	parents := a.parents(body)
	// The call must be in the operation's own function, not in a function
	// literal inside it.
	for n := parents[call]; n != nil && n != body; n = parents[n] {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
	}
	info := a.pass.TypesInfo
	errVar := func(lhs []ast.Expr) types.Object {
		if len(lhs) == 0 {
			return nil
		}
		id, ok := ast.Unparen(lhs[len(lhs)-1]).(*ast.Ident)
		if !ok || !isErrorType(info.TypeOf(call)) && !lastIsError(info.TypeOf(call)) {
			return nil
		}
		return info.ObjectOf(id)
	}
	var stmt ast.Stmt
	var err types.Object
	switch p := parents[call].(type) {
	case *ast.ReturnStmt:
		if len(p.Results) > 0 && ast.Unparen(p.Results[len(p.Results)-1]) == call {
			return a.returnEnds(outer, p, parents)
		}
		return false
	case *ast.AssignStmt:
		if len(p.Rhs) != 1 {
			return false
		}
		stmt, err = p, errVar(p.Lhs)
	default:
		return false
	}
	if err == nil {
		return false
	}
	// The test: `if err := f(); err != nil {...}` or the statement after.
	var test *ast.IfStmt
	if ifs, ok := parents[stmt].(*ast.IfStmt); ok && ifs.Init == stmt {
		test = ifs
	} else if block, ok := parents[stmt].(*ast.BlockStmt); ok {
		for i, s := range block.List {
			if s == stmt && i+1 < len(block.List) {
				test, _ = block.List[i+1].(*ast.IfStmt)
			}
		}
	}
	if test == nil {
		return false
	}
	cond, ok := ast.Unparen(test.Cond).(*ast.BinaryExpr)
	if !ok || cond.Op != token.NEQ || !astutil.IsNilTest(info, cond, err) {
		return false
	}
	return a.blockEnds(outer, test, parents)
}

// blockEnds reports whether every path through the failing branch of test
// ends the outer site: each return and break in it ends it, nothing in it
// continues the loop, and its last statement is such a return or break.
func (a *amplifier) blockEnds(outer *retrysite.Site, test *ast.IfStmt, parents map[ast.Node]ast.Node) bool {
	body := test.Body
	if len(body.List) == 0 {
		return false
	}
	ends := func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.ReturnStmt:
			return a.returnEnds(outer, n, parents)
		case *ast.BranchStmt:
			return outer.Kind == retrysite.Loop && n.Tok == token.BREAK && n.Label == nil && a.breaksLoop(n, outer, parents)
		}
		return false
	}
	if !ends(body.List[len(body.List)-1]) {
		return false
	}
	ok := true
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			ok = ok && ends(n)
		case *ast.BranchStmt:
			if n.Tok == token.CONTINUE || n.Tok == token.GOTO {
				ok = false
			}
			if n.Tok == token.BREAK && !ends(n) {
				// A break out of a switch or select in the branch falls
				// through to what follows it.
				ok = false
			}
		}
		return ok
	})
	return ok
}

// returnEnds reports whether a return statement of the operation ends the
// outer site's retries.
func (a *amplifier) returnEnds(outer *retrysite.Site, ret *ast.ReturnStmt, parents map[ast.Node]ast.Node) bool {
	if outer.Kind == retrysite.Loop {
		return true // a return leaves the loop
	}
	if len(ret.Results) == 0 {
		return false
	}
	info := a.pass.TypesInfo
	last := ast.Unparen(ret.Results[len(ret.Results)-1])
	if c, ok := last.(*ast.CallExpr); ok {
		fn := libs.Callee(info, c)
		if _, ok := libs.PermanentErrors.Lookup(fn); ok {
			return true
		}
		if _, ok := libs.RetryableErrors.Lookup(fn); ok {
			return false
		}
	}
	if outer.Kind != retrysite.Helper || outer.HelperFunc == nil || outer.HelperFunc.Pkg() == nil {
		return false
	}
	return libs.PlainErrorEnds[outer.HelperFunc.Pkg().Path()] && !astutil.IsNil(info, last)
}

// breaksLoop reports whether a break statement leaves the outer loop: no
// switch, select or loop lies between them.
func (a *amplifier) breaksLoop(br ast.Node, outer *retrysite.Site, parents map[ast.Node]ast.Node) bool {
	for n := parents[br]; n != nil; n = parents[n] {
		switch n.(type) {
		case *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt, *ast.ForStmt, *ast.RangeStmt:
			return false
		case *ast.BlockStmt:
			if n == outer.Op.Body {
				return true
			}
		}
	}
	return false
}

// parents indexes the parents of a body's nodes, once per body.
func (a *amplifier) parents(body *ast.BlockStmt) map[ast.Node]ast.Node {
	if a.parentsOf == nil {
		a.parentsOf = map[*ast.BlockStmt]map[ast.Node]ast.Node{}
	}
	p, ok := a.parentsOf[body]
	if !ok {
		p = astutil.Parents(body)
		a.parentsOf[body] = p
	}
	return p
}

func isErrorType(t types.Type) bool {
	return t != nil && types.Identical(t, types.Universe.Lookup("error").Type())
}

func lastIsError(t types.Type) bool {
	tup, ok := t.(*types.Tuple)
	return ok && tup.Len() > 0 && isErrorType(tup.At(tup.Len()-1).Type())
}
