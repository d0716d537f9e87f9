package wait

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
	"github.com/idemlint/idemlint/passes/internal/retrysite/status"
)

// A failure backoff is a wait that a loop takes only after an attempt
// failed, before it runs the same attempt again, in a loop that is no
// retry loop because success goes round too (a session or membership loop
// that rejoins at once after a session ends normally, a consumer that
// receives again after each message):
//
//	for {
//		memberID, err = c.join(memberID)
//		switch {
//		case err == nil:
//			continue
//		default:
//			backoff = time.After(c.cfg.JoinBackoff)
//		}
//		...; <-backoff
//	}
//
// Its delay is judged by nojitter like a retry loop's (clients whose
// attempts failed together wait the same time and fail together again),
// and by nothing else: the loop is not a retry site. A loop that waits on
// a path that did not fail too (time.Sleep(interval) at the end of the
// body, a ticker) is a schedule, and none of its waits is a failure
// backoff.

// FailureBackoffs returns, for the loops of the package that are not retry
// sites, a site holding the waits each takes only after a failure.
func (f *Waits) FailureBackoffs(sites []*site.Site) []*site.Site {
	isSite := map[ast.Node]bool{}
	for _, s := range sites {
		isSite[s.Node] = true
	}
	var out []*site.Site
	for _, b := range f.index.Bodies {
		for _, loop := range b.Loops {
			fs, ok := loop.(*ast.ForStmt)
			if !ok || isSite[loop] {
				continue
			}
			if s := f.failureBackoff(fs); s != nil {
				s.Encl = b.Node
				out = append(out, s)
			}
		}
	}
	return out
}

func (f *Waits) failureBackoff(loop *ast.ForStmt) *site.Site {
	out := status.NewOutcomes(f.info, f.facts.Lookup)
	var calls []*ast.CallExpr
	for _, st := range loop.Body.List {
		var n ast.Stmt = st
		switch s := st.(type) {
		case *ast.IfStmt:
			n = s.Init
		case *ast.SwitchStmt:
			n = s.Init
		}
		if n == nil {
			continue
		}
		lhs, ok := status.IsOpAssign(f.info, n)
		if !ok {
			continue
		}
		_, call := site.OpParts(n)
		if call == nil || f.Wait(call) != nil {
			continue
		}
		if advancesReceiver(f.info, lhs, call) {
			return nil // pager, err = pager.Next(ctx): a walk over pages
		}
		if _, wait := libs.Waits.Lookup(libs.Callee(f.info, call)); wait {
			continue
		}
		for _, l := range lhs {
			if id, ok := l.(*ast.Ident); ok && id.Name != "_" && site.IsErrorType(f.info.TypeOf(id)) {
				out.Errs[f.info.ObjectOf(id)] = true
			}
		}
		calls = append(calls, call)
	}
	if len(calls) == 0 || f.inputsChange(loop, calls) {
		return nil
	}
	out.NoteSwitches(loop.Body)
	out.NoteStatusVars(loop.Body)
	var waits []*ast.CallExpr
	helpers := map[*ast.CallExpr]*site.WaitFact{}
	schedule := false
	laterRounds := false                // a wait on every round but the first
	inner := false                      // in a loop nested in loop
	exits := map[*ast.BranchStmt]bool{} // continue and break: after a failure?
	var walk func(n ast.Node, guarded bool)
	walk = func(n ast.Node, guarded bool) {
		ast.Inspect(n, func(m ast.Node) bool {
			if schedule {
				return false
			}
			switch m := m.(type) {
			case *ast.FuncLit:
				return false
			case *ast.ForStmt, *ast.RangeStmt:
				// An inner loop's waits pace its own rounds; its breaks
				// may still be the outer loop's way round.
				was := inner
				inner = true
				walk(site.LoopBody(m.(ast.Stmt)), guarded)
				inner = was
				return false
			case *ast.BranchStmt:
				exits[m] = guarded
			case *ast.IfStmt:
				if m.Init == nil && m.Else == nil && f.laterRound(loop, m.Cond) {
					laterRounds = true
					walk(m.Body, true)
					return false
				}
				if m.Init != nil {
					walk(m.Init, guarded)
				}
				walk(m.Cond, guarded)
				t, e := out.Branch(m.Cond)
				walk(m.Body, guarded || t == status.StateFailure)
				if m.Else != nil {
					walk(m.Else, guarded || e == status.StateFailure)
				}
				return false
			case *ast.SwitchStmt:
				if m.Tag != nil || m.Init != nil && !isOpInit(f.info, m.Init) {
					walk(m.Body, guarded)
					return false
				}
				// switch { case err == nil: ...; default: ... }: the
				// cases after a success test run only after a failure.
				later := guarded
				for _, c := range m.Body.List {
					cc := c.(*ast.CaseClause)
					mine := later
					for _, e := range cc.List {
						t, fs := out.Branch(e)
						mine = mine || t == status.StateFailure
						later = later || fs == status.StateFailure
					}
					for _, s := range cc.Body {
						walk(s, mine)
					}
				}
				return false
			case *ast.UnaryExpr:
				if inner {
					return true
				}
				if m.Op == token.ARROW && isTickerChan(m.X) && !guarded {
					schedule = true // <-tick.C on every path
				}
			case *ast.CallExpr:
				if inner {
					return true
				}
				if wf := f.Wait(m); wf != nil {
					if !guarded {
						schedule = true
					}
					waits = append(waits, m)
					helpers[m] = wf
					return false
				}
				fn := libs.Callee(f.info, m)
				if _, ok := libs.Waits.Lookup(fn); ok || libs.Is(fn, "time", "Tick") || libs.Is(fn, "time", "NewTicker") {
					if !guarded {
						schedule = true
					}
					waits = append(waits, m)
				}
			}
			return true
		})
	}
	walk(loop.Body, false)
	if schedule || len(waits) == 0 || laterRounds && !roundsFollowFailure(loop, exits) {
		return nil
	}
	s := &site.Site{Kind: site.Loop, Node: loop, Op: site.Operation{Body: loop.Body}, Waits: waits}
	for w, h := range helpers {
		if s.WaitHelpers == nil {
			s.WaitHelpers = map[*ast.CallExpr]*site.WaitFact{}
		}
		s.WaitHelpers[w] = h
	}
	return s
}

// isOpInit reports whether a switch's init statement is an attempt.
func isOpInit(info *types.Info, n ast.Stmt) bool {
	_, ok := status.IsOpAssign(info, n)
	return ok
}

func isTickerChan(e ast.Expr) bool {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	return ok && sel.Sel.Name == "C"
}

// inputsChange reports whether an attempt's call reads a variable the
// loop sets otherwise than from the attempt's own results or to a
// constant (job := <-jobs; err := process(job) handles a new job each
// time round, not the same attempt again), or a counter.
func (f *Waits) inputsChange(loop *ast.ForStmt, calls []*ast.CallExpr) bool {
	own := map[types.Object]bool{}
	changed := map[types.Object]bool{}
	var copies [][2]*ast.Ident // x = y, judged once own is known
	mark := func(e ast.Expr, m map[types.Object]bool) {
		if id, ok := ast.Unparen(e).(*ast.Ident); ok && id.Name != "_" {
			if obj := f.info.ObjectOf(id); obj != nil {
				m[obj] = true
			}
		}
	}
	isCall := map[ast.Expr]bool{}
	for _, c := range calls {
		isCall[c] = true
	}
	if loop.Post != nil {
		ast.Inspect(loop.Post, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.IncDecStmt:
				mark(n.X, changed)
			case *ast.AssignStmt:
				for _, l := range n.Lhs {
					mark(l, changed)
				}
			}
			return true
		})
	}
	ast.Inspect(loop.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IncDecStmt:
			mark(n.X, changed)
		case *ast.RangeStmt:
			mark(n.Key, changed)
			mark(n.Value, changed)
		case *ast.AssignStmt:
			if len(n.Rhs) == 1 && isCall[ast.Unparen(n.Rhs[0])] {
				for _, l := range n.Lhs {
					mark(l, own)
				}
				return true
			}
			// offset, err = read(conn, offset): the position an attempt
			// reached, fed back so that the next one resumes from it.
			if lhs, ok := status.IsOpAssign(f.info, n); ok && !advancesReceiver(f.info, lhs, ast.Unparen(n.Rhs[0]).(*ast.CallExpr)) {
				for _, l := range lhs {
					mark(l, own)
				}
				return true
			}
			for i, l := range n.Lhs {
				if len(n.Rhs) == len(n.Lhs) {
					if tv, ok := f.info.Types[n.Rhs[i]]; ok && (tv.Value != nil || tv.IsNil()) {
						continue // memberID = "": a reset
					}
					lid, ok1 := ast.Unparen(l).(*ast.Ident)
					rid, ok2 := ast.Unparen(n.Rhs[i]).(*ast.Ident)
					if ok1 && ok2 {
						copies = append(copies, [2]*ast.Ident{lid, rid})
						continue
					}
				}
				mark(l, changed)
			}
		}
		return true
	})
	// offset = start, where start is an attempt's result: fed back too.
	for _, c := range copies {
		if !own[f.info.ObjectOf(c[1])] {
			mark(c[0], changed)
		}
	}
	for _, c := range calls {
		for _, in := range append([]ast.Expr{c.Fun}, c.Args...) {
			if site.MentionsAny(f.info, in, changed) {
				return true
			}
		}
	}
	return false
}

// advancesReceiver reports whether the attempt stores its result in the
// value it is called on (pager, err = pager.Next(ctx), it = it.Advance()):
// an iterator moving on, a different operation each time round.
func advancesReceiver(info *types.Info, lhs []ast.Expr, call *ast.CallExpr) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	recv := site.RootIdent(sel.X)
	if recv == nil {
		return false
	}
	for _, l := range lhs {
		if id, ok := ast.Unparen(l).(*ast.Ident); ok && id.Name != "_" && info.ObjectOf(id) == info.ObjectOf(recv) {
			return true
		}
	}
	return false
}
