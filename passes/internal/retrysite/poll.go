package retrysite

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/cfg"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
	"github.com/idemlint/idemlint/passes/internal/retrysite/status"
)

// A poll is a retry loop whose outcome test is on a value derived from the
// attempt's result rather than on its error (RULES.md, "Vocabulary"): the
// loop leaves when the result says done (the partition it looks for is
// listed, the job's state is the one awaited) and otherwise waits and runs
// the same call again.
//
//	for attempt := 0; ; attempt++ {
//		if attempt > 0 { sleep(ctx, backoff(attempt)) }
//		parts, err := c.ReadPartitions(topic)
//		if err != nil { ... continue }
//		for _, p := range parts { if p.ID == id { return p, nil } }
//	}
//
// The walk first reads such a loop as one that goes round after a success
// (an iteration); a second walk reads the side of the done test that goes
// round as a failed attempt. Only an equality with a target that is not a
// zero value is a done test: a drain loop (if n == 0 { return }) and a
// batch loop (if n < size { return }) do new work each time round, and a
// nil from a call that cannot fail is "nothing yet". Joined to the
// attempt's error test (if err == nil && u != nil { return u }, waiting
// for sign-in: compoundDone), a zero comparison is a done test too when
// the side that goes round does nothing with the result.

// pollValues returns the variables holding the attempt's result or a value
// drawn from it in the loop: the attempt's non-error results, the
// variables ranging over them, and those assigned from them.
func (w *loopWalk) pollValues() map[types.Object]bool {
	if w.polled != nil {
		return w.polled
	}
	vals := map[types.Object]bool{}
	for obj := range w.out.Derived {
		vals[obj] = true
	}
	body := site.LoopBody(w.loop)
	for range 3 { // values drawn from values drawn earlier
		ast.Inspect(body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.RangeStmt:
				if site.MentionsAny(w.info, n.X, vals) {
					for _, e := range []ast.Expr{n.Key, n.Value} {
						if id, ok := e.(*ast.Ident); ok && id.Name != "_" {
							vals[w.info.ObjectOf(id)] = true
						}
					}
				}
			case *ast.AssignStmt:
				if w.opAssigns[n] {
					return true
				}
				for i, l := range n.Lhs {
					r := n.Rhs[0]
					if len(n.Rhs) == len(n.Lhs) {
						r = n.Rhs[i]
					}
					if id, ok := l.(*ast.Ident); ok && id.Name != "_" && site.MentionsAny(w.info, r, vals) {
						vals[w.info.ObjectOf(id)] = true
					}
				}
			case *ast.IfStmt:
				// if _, ok := state.Topics[t]; ok { found++ }: a count of
				// what the result holds.
				if n.Init != nil && !site.MentionsAny(w.info, n.Init, vals) && !site.MentionsAny(w.info, n.Cond, vals) {
					return true
				}
				if n.Init == nil && !site.MentionsAny(w.info, n.Cond, vals) {
					return true
				}
				ast.Inspect(n.Body, func(m ast.Node) bool {
					if inc, ok := m.(*ast.IncDecStmt); ok {
						if id, ok := ast.Unparen(inc.X).(*ast.Ident); ok {
							vals[w.info.ObjectOf(id)] = true
						}
					}
					return true
				})
			}
			return true
		})
	}
	w.polled = vals
	return vals
}

// doneTest reports which side of cond, ending block b, is a poll's way
// out: cond compares a value drawn from the result with a target (==, !=),
// that side only leaves the loop and the other goes round. It returns -1
// when cond is no done test.
func (w *loopWalk) doneTest(cond ast.Expr, b *cfg.Block, heads map[*cfg.Block]bool) int {
	return w.doneSide(cond, b, heads, false)
}

// doneSide is doneTest; withZero also takes a comparison with a zero
// value for a done test when the side that goes round does nothing with
// the result.
func (w *loopWalk) doneSide(cond ast.Expr, b *cfg.Block, heads map[*cfg.Block]bool, withZero bool) int {
	vals := w.pollValues()
	e, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || e.Op != token.EQL && e.Op != token.NEQ {
		// A flag of the answer read as it is (status.Scanning,
		// !job.Done, resp.IsReady()).
		if (withZero || asksAnswer(cond) || !w.stream) && w.flagOf(cond, vals) {
			return w.leavingSide(b, heads)
		}
		return -1
	}
	x, y := e.X, e.Y
	if !site.MentionsAny(w.info, x, vals) {
		x, y = y, x
	}
	if !site.MentionsAny(w.info, x, vals) || site.MentionsAny(w.info, y, vals) {
		return -1
	}
	zero := w.zeroValue(y) || w.zeroValue(x)
	if zero && !withZero {
		return -1
	}
	if w.isOutcomeErr(x) {
		return -1 // err == ErrNotReady is a failure test, read by branch
	}
	for i, s := range b.Succs {
		other := b.Succs[1-i]
		if w.canExit(s, heads) && !w.reachesHead(s, heads) && w.reachesHead(other, heads) {
			if zero && w.roundUses(other, heads, vals) {
				return -1 // if len(msgs) == 0 { return }; handle(msgs): a drain
			}
			return i
		}
	}
	return -1
}

// asksAnswer reports whether cond calls a method (p.IsFinished(), alone
// or joined to settings): a question the answer answers. A field read on
// its own (!result.MoreReady) may say there is nothing more yet on a
// stream the loop reads on: a done test only beside the error test
// (compoundDone), unless the loop reads no stream (!txn.Succeeded: a
// compare-and-swap that lost goes round to read and try again).
func asksAnswer(cond ast.Expr) bool {
	e := ast.Unparen(cond)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.NOT {
		e = ast.Unparen(u.X)
	}
	switch x := e.(type) {
	case *ast.CallExpr:
		return true
	case *ast.BinaryExpr:
		return (x.Op == token.LOR || x.Op == token.LAND) && (asksAnswer(x.X) || asksAnswer(x.Y))
	}
	return false
}

// flagOf reports whether cond is a boolean the poll's answer holds
// (status.Scanning, !job.Done, resp.IsReady()), not an error's test.
func (w *loopWalk) flagOf(cond ast.Expr, vals map[types.Object]bool) bool {
	e := ast.Unparen(cond)
	if b, ok := e.(*ast.BinaryExpr); ok && (b.Op == token.LOR || b.Op == token.LAND) {
		// p.IsFinished() || (exitOnRunning && p.IsRunning()): flags of
		// the answer, and settings that say which ones to wait for.
		x, y := w.flagOf(b.X, vals), w.flagOf(b.Y, vals)
		return x && y || x && !site.MentionsAny(w.info, b.Y, vals) || y && !site.MentionsAny(w.info, b.X, vals)
	}
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.NOT {
		e = ast.Unparen(u.X)
	}
	switch x := e.(type) {
	case *ast.SelectorExpr:
	case *ast.CallExpr:
		if slices.ContainsFunc(x.Args, w.isOutcomeErr) {
			return false // isRetryable(err): a failure test
		}
		// The answer's own method (p.IsFinished()); a call given the
		// answer (l.Append(m)) says what the call did with it.
		sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr)
		if !ok || !site.MentionsAny(w.info, sel.X, vals) {
			return false
		}
	default:
		return false
	}
	return site.IsBool(w.info.TypeOf(e)) && site.MentionsAny(w.info, e, vals)
}

// leavingSide returns the successor of b, 0 or 1, that leaves the loop
// while the other goes round, or -1.
func (w *loopWalk) leavingSide(b *cfg.Block, heads map[*cfg.Block]bool) int {
	for i, s := range b.Succs {
		if w.canExit(s, heads) && !w.reachesHead(s, heads) && w.reachesHead(b.Succs[1-i], heads) {
			return i
		}
	}
	return -1
}

// compoundDone reports which side of cond, ending block b, leaves the
// loop when cond joins an error test and done tests: err == nil && u !=
// nil && u.Name != "" (the true side, 0, leaves) or err != nil || u ==
// nil (the false side, 1). The other side follows a failure or a "not
// yet".
func (w *loopWalk) compoundDone(cond ast.Expr, b *cfg.Block, heads map[*cfg.Block]bool) (int, bool) {
	e, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || e.Op != token.LAND && e.Op != token.LOR {
		return -1, false
	}
	want, errTests, done := 0, 0, false // err == nil && done: true leaves
	if e.Op == token.LOR {
		want = 1 // err != nil || !done: false leaves
	}
	for _, x := range operands(e, e.Op) {
		t, f := w.branch(x)
		if want == 1 {
			t, f = f, t
		}
		switch {
		case t == status.StateSuccess && f == status.StateFailure:
			errTests++
		case t != status.StateKeep || f != status.StateKeep:
			return -1, false
		default:
			done = done || w.doneSide(x, b, heads, true) == want
		}
	}
	return want, errTests == 1 && done
}

// operands flattens a chain of one operator: a && b && c.
func operands(e ast.Expr, op token.Token) []ast.Expr {
	if b, ok := ast.Unparen(e).(*ast.BinaryExpr); ok && b.Op == op {
		return append(operands(b.X, op), operands(b.Y, op)...)
	}
	return []ast.Expr{e}
}

func (w *loopWalk) isOutcomeErr(e ast.Expr) bool {
	return site.IsErrorType(w.info.TypeOf(e))
}

// zeroValue reports whether e is nil or a zero constant (0, "", false):
// what a drain loop's test for "nothing left" compares with. A constant
// the program names (dns.RcodeSuccess, StatusOK = iota) is the state
// awaited, whatever its value: code == RcodeSuccess is a done test.
func (w *loopWalk) zeroValue(e ast.Expr) bool {
	return astutil.IsZeroValue(w.info, e) && !namedConst(w.info, e)
}

// namedConst reports whether e names a constant a package declares (not
// false or iota).
func namedConst(info *types.Info, e ast.Expr) bool {
	id := site.NameOf(e)
	if id == nil {
		return false
	}
	c, ok := info.ObjectOf(id).(*types.Const)
	return ok && c.Pkg() != nil
}

// roundUses reports whether a path from b to the loop's next iteration
// uses one of vals, the attempt's result.
func (w *loopWalk) roundUses(b *cfg.Block, heads map[*cfg.Block]bool, vals map[types.Object]bool) bool {
	seen := map[*cfg.Block]bool{}
	var walk func(b *cfg.Block) bool
	walk = func(b *cfg.Block) bool {
		if heads[b] || seen[b] || !w.member(b) {
			return false
		}
		seen[b] = true
		for _, n := range b.Nodes {
			if site.MentionsAny(w.info, n, vals) {
				return true
			}
		}
		for _, s := range b.Succs {
			if walk(s) {
				return true
			}
		}
		return false
	}
	return walk(b)
}

// reachesHead reports whether some path from b starts the loop's next
// iteration.
func (w *loopWalk) reachesHead(b *cfg.Block, heads map[*cfg.Block]bool) bool {
	seen := map[*cfg.Block]bool{}
	var walk func(b *cfg.Block) bool
	walk = func(b *cfg.Block) bool {
		if heads[b] {
			return true
		}
		if seen[b] || !w.member(b) {
			return false
		}
		seen[b] = true
		for _, s := range b.Succs {
			if walk(s) {
				return true
			}
		}
		return false
	}
	return walk(b)
}

// searchEnds reports whether block b is where an inner loop that holds a
// done test ends without having found what it looked for: for _, p :=
// range parts { if p.ID == id { return p } } falls through when no
// partition matched.
func (w *loopWalk) searchEnds(b *cfg.Block) bool {
	if b.Kind != cfg.KindRangeDone && b.Kind != cfg.KindForDone || b.Stmt == w.loop || b.Stmt == nil {
		return false
	}
	for _, c := range w.doneConds {
		if b.Stmt.Pos() <= c.Pos() && c.End() <= b.Stmt.End() {
			return true
		}
	}
	return false
}

// collectStateOps finds, in a loop with no attempt that returns an error,
// the calls that read state into a variable (state := p.grabState()): a
// poll of state that another goroutine changes. Such a loop is a retry
// loop only as a poll (a done test on what the call returned, and a wait).
func (w *loopWalk) collectStateOps(body *ast.BlockStmt) {
	ast.Inspect(body, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Rhs) != 1 {
			return true
		}
		call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
		if !ok || !status.IsAttempt(w.info, call) || w.waitOf(call) != nil || len(call.Args) > 0 {
			return true
		}
		if tv, ok := w.info.Types[call.Fun]; ok && tv.IsBuiltin() {
			return true
		}
		if _, ok := call.Fun.(*ast.SelectorExpr); !ok {
			return true // a method reading its receiver's state
		}
		for _, l := range as.Lhs {
			if id, ok := l.(*ast.Ident); ok && id.Name != "_" {
				w.opAssigns[n] = true
				w.stateOps = true
				w.out.Derived[w.info.ObjectOf(id)] = true
			}
		}
		return true
	})
}
