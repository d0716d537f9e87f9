package retrysite

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
	"github.com/idemlint/idemlint/passes/internal/retrysite/status"
	"github.com/idemlint/idemlint/passes/internal/retrysite/wait"
)

// bounder decides whether a condition can end a loop's retries while the
// operation keeps failing: it tests an attempt counter, the time, or a
// context.
type bounder struct {
	info *types.Info
	// counters are the variables the loop increments or decrements.
	counters map[types.Object]bool
	// ctxResults are variables assigned, in the loop, the result of a call
	// that takes a context (a context-aware wait returns ctx.Err()), or of
	// a wait helper that stops when a context or stop channel is done.
	ctxResults map[types.Object]bool
	waitOf     func(*ast.CallExpr) *site.WaitFact
	// kept are the local booleans the loop defines from a test and never
	// assigns again (outOfRetries := retryCount >= maxRetries): a test of
	// one is a test of what it keeps.
	kept map[types.Object]ast.Expr
	// stops says whether a call answers with a constant once the context
	// is done (fails.StopsOnDoneFact), or is nil.
	stops func(*ast.CallExpr) bool
}

// bounds reports whether cond can end the retries.
func (b *bounder) bounds(cond ast.Expr) bool {
	found := false
	ast.Inspect(cond, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.Ident:
			obj := b.info.ObjectOf(n)
			if b.counters[obj] {
				found = true
			}
			if e, ok := b.kept[obj]; ok {
				delete(b.kept, obj) // no recursion through a cycle
				found = b.bounds(e)
				b.kept[obj] = e
			}
			if v, ok := obj.(*types.Var); ok && isTime(v.Type()) {
				found = true // a deadline variable
			}
			if c, ok := obj.(*types.Const); ok {
				_, found = libs.StopSignals.LookupObject(c)
			}
		case *ast.CallExpr:
			if _, ok := libs.TimeOrContext.Lookup(libs.Callee(b.info, n)); ok {
				found = true
			}
			// if !policy.Allow(n): the policy decides from the count.
			if site.IsBool(b.info.TypeOf(n)) && slices.ContainsFunc(n.Args, b.counted) {
				found = true
			}
			// if !s.shouldReconnect(err): it asks the context itself.
			if b.stops != nil && b.stops(n) {
				found = true
			}
		}
		return true
	})
	return found
}

func isTime(t types.Type) bool {
	return libs.IsNamed(t, "time", "Time")
}

// newBounder collects the loop's counters and context-aware results.
func newBounder(info *types.Info, loop ast.Node, waitOf func(*ast.CallExpr) *site.WaitFact) *bounder {
	b := &bounder{info: info, counters: map[types.Object]bool{}, ctxResults: map[types.Object]bool{}, waitOf: waitOf, kept: keptTests(info, loop)}
	mark := func(e ast.Expr) {
		var id *ast.Ident
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			id = x
		case *ast.SelectorExpr: // c.attempts++, m.index++
			id = x.Sel
		default:
			return
		}
		if obj := info.ObjectOf(id); obj != nil && site.CountsAcross(obj, loop) {
			b.counters[obj] = true
		}
	}
	if r, ok := loop.(*ast.RangeStmt); ok && r.Key != nil {
		mark(r.Key) // for attempt := range 5
	}
	ast.Inspect(loop, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IncDecStmt:
			mark(n.X)
		case *ast.AssignStmt:
			switch n.Tok {
			case token.ADD_ASSIGN, token.SUB_ASSIGN, token.MUL_ASSIGN, token.SHL_ASSIGN:
				mark(n.Lhs[0])
			case token.ASSIGN, token.DEFINE:
				b.noteAssign(n, loop)
			}
		}
		return true
	})
	site.NoteStopAnswers(info, loop, b.counters)
	return b
}

// counted reports whether e is a counter of the loop.
func (b *bounder) counted(e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && b.counters[b.info.ObjectOf(id)]
}

func (b *bounder) noteAssign(n *ast.AssignStmt, loop ast.Node) {
	// x = x + 1, x = x - 1, and in parallel: i, d = i+1, d*2
	if len(n.Lhs) == len(n.Rhs) {
		for i, l := range n.Lhs {
			bin, ok := ast.Unparen(n.Rhs[i]).(*ast.BinaryExpr)
			if !ok || bin.Op != token.ADD && bin.Op != token.SUB {
				continue
			}
			if l, ok := l.(*ast.Ident); ok {
				if x, ok := ast.Unparen(bin.X).(*ast.Ident); ok && b.info.ObjectOf(x) == b.info.ObjectOf(l) && site.CountsAcross(b.info.ObjectOf(l), loop) {
					b.counters[b.info.ObjectOf(l)] = true
				}
			}
		}
	}
	if len(n.Rhs) != 1 {
		return
	}
	call, ok := ast.Unparen(n.Rhs[0]).(*ast.CallExpr)
	if !ok {
		return
	}
	if w := b.waitOf(call); w != nil && w.Stops {
		// ok := sleep(ctx, d), err := sleep(ctx, d)
		for _, l := range n.Lhs {
			if id, ok := l.(*ast.Ident); ok && id.Name != "_" {
				b.ctxResults[b.info.ObjectOf(id)] = true
			}
		}
		return
	}
	if _, builds := libs.RequestBuilders.Lookup(libs.Callee(b.info, call)); builds {
		return // NewRequestWithContext does not wait: its error is not the context's
	}
	takesCtx := false
	for _, a := range call.Args {
		if site.IsContext(b.info.TypeOf(a)) {
			takesCtx = true
		}
	}
	if sel, ok := call.Fun.(*ast.SelectorExpr); ok && site.IsContext(b.info.TypeOf(sel.X)) {
		takesCtx = true
	}
	if !takesCtx {
		return
	}
	for _, l := range n.Lhs {
		if id, ok := l.(*ast.Ident); ok && site.IsErrorType(b.info.TypeOf(id)) {
			b.ctxResults[b.info.ObjectOf(id)] = true
		}
	}
}

// caseEndsRetries reports whether a select case receives from a channel: a
// case that leaves the loop when ctx.Done(), a timeout from time.After or a
// quit channel that someone closes delivers bounds the retries (the caller
// checks that it leaves). A ticker's tick is the schedule of the attempts,
// not a stop: a case on it that leaves only after a success ends nothing.
func caseEndsRetries(info *types.Info, clause *ast.CommClause) bool {
	ch := site.Received(clause.Comm)
	return ch != nil && !wait.IsTickerRange(info, ch)
}

// stops reports whether cond, a test in the loop body, asks about state
// that someone else changes (wait.StopFlag). A way out on such a test
// ends the retries like a context would.
func (w *loopWalk) stops(cond ast.Expr) bool {
	if w.assigned == nil {
		w.assigned = wait.AssignedIn(w.info, w.loop)
	}
	return wait.StopFlag(w.info, cond, w.assigned)
}

// ctxExit returns the branch of cond (0 true, 1 false) taken when the
// context-aware call whose result it tests was stopped by its context: the
// non-nil branch of err != nil, the false branch of ok := sleep(ctx, d); or
// -1 when cond tests no such result. The success branch of an attempt that
// takes a context (if err := ping(ctx); err == nil { return }) is no
// context bound: a failure goes round again, cancelled or not.
func (b *bounder) ctxExit(cond ast.Expr) int {
	e, neg := ast.Unparen(cond), 0
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.NOT {
		e, neg = ast.Unparen(u.X), 1
	}
	switch e := e.(type) {
	case *ast.Ident: // ok from a wait helper: false when stopped
		if b.ctxResults[b.info.ObjectOf(e)] && site.IsBool(b.info.TypeOf(e)) {
			return 1 - neg
		}
	case *ast.CallExpr: // if !sleep(ctx, d), if sleep(ctx, d) != nil
		if w := b.waitOf(e); w != nil && w.Stops && site.IsBool(b.info.TypeOf(e)) {
			return 1 - neg
		}
	case *ast.BinaryExpr:
		if neg == 1 || e.Op != token.NEQ && e.Op != token.EQL {
			return -1
		}
		x, y := ast.Unparen(e.X), ast.Unparen(e.Y)
		if site.IsNil(b.info, x) {
			x, y = y, x
		}
		if !site.IsNil(b.info, y) || !b.stoppedResult(x) {
			return -1
		}
		if e.Op == token.NEQ {
			return 0
		}
		return 1
	}
	return -1
}

// stoppedResult reports whether e holds the error of a context-aware call.
func (b *bounder) stoppedResult(e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.Ident:
		return b.ctxResults[b.info.ObjectOf(e)]
	case *ast.CallExpr:
		w := b.waitOf(e)
		return w != nil && w.Stops
	}
	return false
}

// keptTests returns the local booleans defined in loop from an expression
// (ok := n < max) and never assigned again, each with its expression.
func keptTests(info *types.Info, loop ast.Node) map[types.Object]ast.Expr {
	defs := map[types.Object]ast.Expr{}
	for obj, vs := range status.LocalValues(info, loop, site.IsBool) {
		if len(vs) == 1 {
			defs[obj] = vs[0]
		}
	}
	return defs
}
