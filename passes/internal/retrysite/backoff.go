package retrysite

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/retrysite/fails"
	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
)

// backsOffEachRound reports whether every round of a loop body waits, in
// a statement of its own at the top of the body (a wait call, a wait
// helper whose error returns, or a select with a case on time.After), for
// a delay the body doubles (d *= 2, d <<= 1, d = d * 2, min(d*2, max)).
// A delay that grows each round is a backoff: the loop goes round after
// connections that ended, failed or not (for { err :=
// as.StartWebsocket(ctx); log(err); d *= 2; <-time.After(d) }), which
// RULES.md counts as a reconnect loop; a schedule keeps its interval.
func backsOffEachRound(info *types.Info, body *ast.BlockStmt, waitOf func(*ast.CallExpr) *site.WaitFact, fl *fails.Fails) bool {
	for _, st := range body.List {
		for _, d := range roundDelays(info, st, waitOf) {
			if doubled(info, body, d) {
				return true
			}
		}
		// t := backoff(), a literal that makes the round's timer and
		// doubles the delay it captures for the next one.
		if lit := timerMaker(st, fl); lit != nil {
			for _, inner := range lit.Body.List {
				for _, d := range roundDelays(info, inner, waitOf) {
					if doubled(info, lit.Body, d) || doubled(info, body, d) {
						return true
					}
				}
			}
		}
	}
	return false
}

// timerMaker returns the function literal a top-level statement of a
// loop body calls through a local variable to make the round's timer
// (bt := backoff(), the literal returning time.NewTimer(d)'s timer), or
// nil.
func timerMaker(st ast.Stmt, fl *fails.Fails) *ast.FuncLit {
	as, ok := st.(*ast.AssignStmt)
	if !ok || fl == nil || len(as.Rhs) != 1 {
		return nil
	}
	call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
	if !ok {
		return nil
	}
	return fl.LocalLiteral(call)
}

// madeTimers returns the waits of the literals a loop body's top-level
// statements call to make the round's timer (timerMaker): the
// time.NewTimer inside is the round's wait.
func madeTimers(info *types.Info, body *ast.BlockStmt, fl *fails.Fails) []*ast.CallExpr {
	var out []*ast.CallExpr
	for _, st := range body.List {
		lit := timerMaker(st, fl)
		if lit == nil {
			continue
		}
		for _, inner := range lit.Body.List {
			as, ok := inner.(*ast.AssignStmt)
			if !ok || len(as.Rhs) != 1 {
				continue
			}
			if call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr); ok && libs.Is(libs.Callee(info, call), "time", "NewTimer") {
				out = append(out, call)
			}
		}
	}
	return out
}

// roundDelays returns the variables a top-level statement of a loop body
// waits for.
func roundDelays(info *types.Info, st ast.Stmt, waitOf func(*ast.CallExpr) *site.WaitFact) []types.Object {
	var out []types.Object
	waited := func(call *ast.CallExpr) {
		idx, ok := libs.Waits.Lookup(libs.Callee(info, call))
		if !ok {
			if wf := waitOf(call); wf != nil && !wf.Iter {
				idx, ok = wf.Param, true
			}
		}
		if ok && idx >= 0 && idx < len(call.Args) {
			if id, isID := ast.Unparen(call.Args[idx]).(*ast.Ident); isID && info.Uses[id] != nil {
				out = append(out, info.Uses[id])
			}
		}
	}
	switch st := st.(type) {
	case *ast.ExprStmt:
		if call, ok := ast.Unparen(st.X).(*ast.CallExpr); ok {
			waited(call)
		}
		if u, ok := ast.Unparen(st.X).(*ast.UnaryExpr); ok && u.Op == token.ARROW {
			if call, ok := ast.Unparen(u.X).(*ast.CallExpr); ok {
				waited(call)
			}
		}
	case *ast.AssignStmt:
		// tmr := time.NewTimer(d), its channel received later in the
		// round (select { case <-ctx.Done(): ...; case <-tmr.C: }).
		if len(st.Rhs) == 1 {
			if call, ok := ast.Unparen(st.Rhs[0]).(*ast.CallExpr); ok {
				waited(call)
			}
		}
	case *ast.IfStmt:
		if as, ok := st.Init.(*ast.AssignStmt); ok && len(as.Rhs) == 1 {
			if call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr); ok {
				waited(call)
			}
		}
	case *ast.SelectStmt:
		for _, c := range st.Body.List {
			if cc, ok := c.(*ast.CommClause); ok && cc.Comm != nil {
				out = append(out, roundDelays(info, cc.Comm, waitOf)...)
			}
		}
	}
	return out
}

// doubled reports whether the body multiplies or shifts d by itself.
func doubled(info *types.Info, body *ast.BlockStmt, d types.Object) bool {
	grows := func(e ast.Expr) bool {
		found := false
		ast.Inspect(e, func(n ast.Node) bool {
			b, ok := n.(*ast.BinaryExpr)
			if ok && (b.Op == token.MUL || b.Op == token.SHL) {
				for _, x := range []ast.Expr{b.X, b.Y} {
					if id, ok := ast.Unparen(x).(*ast.Ident); ok && info.Uses[id] == d {
						found = true
					}
				}
			}
			return !found
		})
		return found
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if found || !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
			return !found
		}
		id, ok := ast.Unparen(as.Lhs[0]).(*ast.Ident)
		if !ok || info.Uses[id] != d {
			return true
		}
		switch as.Tok {
		case token.MUL_ASSIGN, token.SHL_ASSIGN:
			found = true
		case token.ASSIGN:
			found = grows(as.Rhs[0])
		}
		return !found
	})
	return found
}

// returnsErrorOnly reports whether call's one result is an error (err :=
// as.StartWebsocket(ctx, addr)): it hands back nothing but how it ended.
func returnsErrorOnly(info *types.Info, call *ast.CallExpr) bool {
	t := info.TypeOf(call)
	if t == nil {
		return false
	}
	if tuple, ok := t.(*types.Tuple); ok {
		return tuple.Len() == 1 && site.IsErrorType(tuple.At(0).Type())
	}
	return site.IsErrorType(t)
}
