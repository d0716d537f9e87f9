package retrysite

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/libs"
)

// TickerWaits returns the time.NewTicker calls, made before the loop, whose
// ticks the retry path of s waits for (<-tick.C): the ticker's period is
// the delay between attempts. recv maps each to the receive where the
// retry waits, which is where a delay without jitter is reported (the
// wait, as RULES.md places delays; the call builds the ticker).
func (r *Result) TickerWaits(info *types.Info, s *Site) (out []*ast.CallExpr, recv map[*ast.CallExpr]ast.Node) {
	recv = map[*ast.CallExpr]ast.Node{}
	path := s.RetryPath
	if r, ok := s.Node.(*ast.RangeStmt); ok {
		// for range tick.C: every attempt waits for the next tick.
		path = append([]ast.Node{&ast.UnaryExpr{Op: token.ARROW, X: r.X}}, path...)
	}
	for _, n := range path {
		ast.Inspect(n, func(n ast.Node) bool {
			if _, lit := n.(*ast.FuncLit); lit {
				return false
			}
			u, ok := n.(*ast.UnaryExpr)
			if !ok || u.Op != token.ARROW {
				return true
			}
			sel, ok := ast.Unparen(u.X).(*ast.SelectorExpr)
			if !ok || sel.Sel.Name != "C" {
				return true
			}
			id, ok := ast.Unparen(sel.X).(*ast.Ident)
			if !ok {
				return true
			}
			v, ok := info.Uses[id].(*types.Var)
			if !ok || s.Encl == nil {
				return true
			}
			defs := astutil.Assignments(info, s.Encl, v)
			if len(defs) != 1 {
				return true
			}
			call := r.tickerCall(info, defs[0])
			if call != nil && !astutil.Contains(s.Node, call) && recv[call] == nil && !otherCaseAttempts(s, u) {
				out = append(out, call)
				recv[call] = u
				if u.Pos() == token.NoPos {
					recv[call] = u.X // for range tick.C: the range waits
				}
			}
			return true
		})
	}
	return out, recv
}

// tickerCall is the time.NewTicker call that made the ticker e holds: e
// itself, or the one a function of the package returns (newTicker(c),
// whose body is return time.NewTicker(c.PollDelay())).
func (r *Result) tickerCall(info *types.Info, e ast.Expr) *ast.CallExpr {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return nil
	}
	fn := libs.Callee(info, call)
	if libs.Is(fn, "time", "NewTicker") {
		return call
	}
	decl := r.decls[fn]
	if decl == nil || decl.Body == nil {
		return nil
	}
	var made *ast.CallExpr
	ok = true
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			c, isCall := (*ast.CallExpr)(nil), false
			if len(n.Results) == 1 {
				c, isCall = ast.Unparen(n.Results[0]).(*ast.CallExpr)
			}
			if !isCall || !libs.Is(libs.Callee(info, c), "time", "NewTicker") || made != nil {
				ok = false
			}
			made = c
		}
		return ok
	})
	if !ok {
		return nil
	}
	return made
}

// otherCaseAttempts reports whether the receive u is the case of a
// select that runs no attempt (tests no attempt's failure) while another
// case of the same select does: select { case <-pause.C: check state; case <-retry.C: attempt }
// waits for retry's ticks before each attempt, and pause's tick only
// looks around.
func otherCaseAttempts(s *Site, u ast.Node) bool {
	attempts := func(cc *ast.CommClause) bool {
		for _, n := range s.Tests {
			for _, st := range cc.Body {
				if astutil.Contains(st, n) {
					return true
				}
			}
		}
		return false
	}
	found := false
	ast.Inspect(s.Op.Body, func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectStmt)
		if found || !ok {
			return !found
		}
		var own *ast.CommClause
		for _, c := range sel.Body.List {
			if cc := c.(*ast.CommClause); cc.Comm != nil && astutil.Contains(cc.Comm, u) {
				own = cc
			}
		}
		if own == nil || attempts(own) {
			return true
		}
		for _, c := range sel.Body.List {
			if cc := c.(*ast.CommClause); cc != own && attempts(cc) {
				found = true
			}
		}
		return !found
	})
	return found
}

// receivesTick reports whether the nodes receive from a ticker's or a
// timer's channel (case <-tick.C:), a wait that is no call.
func receivesTick(info *types.Info, nodes []ast.Node) bool {
	found := false
	for _, n := range nodes {
		ast.Inspect(n, func(n ast.Node) bool {
			if _, lit := n.(*ast.FuncLit); lit || found {
				return false
			}
			if u, ok := n.(*ast.UnaryExpr); ok && u.Op == token.ARROW && info.TypeOf(u.X) != nil {
				if ch, ok := info.TypeOf(u.X).Underlying().(*types.Chan); ok && libs.IsNamed(ch.Elem(), "time", "Time") {
					found = true
				}
			}
			return true
		})
	}
	return found
}
