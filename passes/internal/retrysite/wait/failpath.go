package wait

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
	"github.com/idemlint/idemlint/passes/internal/retrysite/status"
)

// A loop whose success goes round too (a consumer that receives again
// after each batch, a worker that queries again after a pause) is no retry
// loop, but each of its failure paths may be one: the path from a failed
// attempt round to the same call with the same inputs. The walk below
// follows the body's statements, structured as written, and keeps, at each
// point, whether a success reaches it and the failure paths that do, each
// with what it has passed since the attempt failed: waits, a test that can
// end it, an assignment to an input of the attempt.
//
//	for {
//		ids, err := repo.FindStuck(ctx)
//		if err != nil {
//			log.Print(err)
//			continue // a failure path: back to the same query at once
//		}
//		requeue(ids)
//		time.Sleep(time.Minute) // success only: the schedule of the loop
//	}
//
// A failure path is then
//   - hot when it waits for nothing (nojitter's "retries at once");
//   - a backoff when it waits only where no success path goes: its waits
//     are judged as a retry delay, whatever success waits elsewhere;
//   - a schedule's when it passes a wait a success path takes too (a sleep
//     at the end of the body): not judged, as before.
//
// A path that changes an input of its attempt (a message received from a
// channel, a cursor or token moved, a stream read) runs a new operation,
// and one that returns or breaks retries nothing.

// failPath is one failure path, from the failed attempt to where it
// reaches the next round.
type failPath struct {
	call    int             // the attempt that failed (index in failWalk.calls)
	test    ast.Expr        // the failure test that started it
	waits   []*ast.CallExpr // waits no success path takes
	shared  bool            // passes a wait a success path takes too
	blocked bool            // blocks on what is no judged wait (a channel, an inner loop's wait)
	bound   ast.Node        // a test that can end it while the attempt keeps failing
	moved   bool            // changes an input of its attempt
	ends    bool            // sets what the loop's condition ends on (work = nil; for work != nil)
	nodes   []ast.Node      // the statements and conditions it runs
	// delays are the durations it sets after its failure (d = time.Minute
	// under if err != nil): a wait success takes too, for such a delay,
	// waits what the failure chose.
	delays []types.Object
	// chosen are the values the failure set them to, by index (nil
	// where not a plain assignment): d = time.Second.
	chosen []ast.Expr
	// joined is the later attempt at which the path rejoined the body's
	// course, reached by a success too (if err != nil { log }; then the
	// next step): the failure was put up with, and that attempt's success
	// ends the path. -1 while it has not.
	joined int
	// putUp says that the failure side of its test fell through to what
	// a success runs next (if err := c.SetDeadline(t); err != nil { log
	// }): reaching the next round with a success and no wait of its own,
	// after an earlier attempt of the body (m, err := c.ReadMsg()), it
	// went round because the loop does, not because it failed. The body's
	// first attempt put up with (if err := g.Consume(...); err != nil {
	// log }) is the one the next round runs again.
	putUp bool
}

func (p *failPath) clone() *failPath {
	c := *p
	c.waits = append([]*ast.CallExpr(nil), p.waits...)
	c.nodes = append([]ast.Node(nil), p.nodes...)
	c.delays = slices.Clip(p.delays)
	c.chosen = slices.Clip(p.chosen)
	return &c
}

// pstate is what reaches a point of the body: a success (or the start of
// a round), and failure paths.
type pstate struct {
	ok    bool
	fails []*failPath
	// passed are the failure tests that every success reaching here has
	// passed since its attempt: the same test again cannot fail on it
	// (if err != nil { log }; ...; if err != nil { continue }).
	passed []string
}

func (s pstate) dead() bool { return !s.ok && len(s.fails) == 0 }

// edit returns s with each failure path replaced by a changed copy.
func (s pstate) edit(change func(p *failPath)) pstate {
	if len(s.fails) == 0 {
		return s
	}
	out := pstate{ok: s.ok, fails: make([]*failPath, len(s.fails)), passed: s.passed}
	for i, p := range s.fails {
		c := p.clone()
		change(c)
		out.fails[i] = c
	}
	return out
}

// maxPaths bounds the failure paths followed at once; a body with more is
// not judged.
const maxPaths = 32

// failWalk walks one loop's body.
type failWalk struct {
	f        *Waits
	out      *status.Outcomes
	loop     *ast.ForStmt
	targets  map[*ast.BranchStmt]ast.Stmt // what each break and continue leaves or continues
	calls    []*ast.CallExpr              // the attempts
	attempt  map[ast.Stmt]int             // the statement running each attempt
	own      []map[types.Object]bool
	counters map[types.Object]bool
	// ctxResults are errors of calls that take a context: a test of one
	// that leaves stops the path with its context.
	ctxResults map[types.Object]bool
	helpers    map[*ast.CallExpr]*site.WaitFact

	cur      int                   // the attempt run last on the way to here
	started  bool                  // the walk has passed an attempt
	inner    int                   // depth in loops nested in loop
	breaks   map[ast.Stmt][]pstate // states leaving a nested statement by break
	conts    map[ast.Stmt][]pstate // states going round a nested loop
	rounds   []*failPath           // failure paths reaching the next round
	okRound  bool                  // a success reaches the next round
	bail     bool                  // a shape not followed (goto, too many paths)
	assigned []assignment          // every assignment of the body, for what runs before an attempt
	// chosen are, for a wait a success takes too, the delays the
	// failure paths reaching it set before it (site.Site.Chosen).
	chosen map[*ast.CallExpr][]ast.Expr

	// The part of the body before the first attempt, which every round
	// runs: its waits (later: only on rounds after the first, if attempt
	// > 0 { sleep(d) }) and a test in it that can end the loop.
	preWaits, laterWaits []*ast.CallExpr
	// loopAssigned are the variables and fields the loop sets: a test of
	// anything else that leaves the loop is a stop flag (StopFlag).
	loopAssigned map[types.Object]bool
	preBound     ast.Node
	preBlocked   bool
	preNodes     []ast.Node
}

type assignment struct {
	obj   types.Object
	pos   token.Pos
	reset bool // to a constant, nil, or the attempt's own result: no new input
	from  int  // the attempt whose result it stores, or -1
	// derived holds, for t := next(lastT), the variables the value is
	// computed from: the same value again while none of them changes
	// (derivation.go).
	derived map[types.Object]bool
}

func (w *failWalk) merge(states ...pstate) pstate {
	var out pstate
	seen := map[*failPath]bool{}
	first := true
	for _, s := range states {
		if s.ok {
			// What every success passed: those of each state with one.
			if first {
				out.passed = s.passed
			} else {
				out.passed = slices.DeleteFunc(slices.Clone(out.passed), func(t string) bool { return !slices.Contains(s.passed, t) })
			}
			first = false
		}
		out.ok = out.ok || s.ok
		for _, p := range s.fails {
			if !seen[p] {
				seen[p] = true
				out.fails = append(out.fails, p)
			}
		}
	}
	if len(out.fails) > maxPaths {
		w.bail = true
		out.fails = out.fails[:maxPaths]
	}
	return out
}

// round notes a state reaching the next round of the loop.
func (w *failWalk) round(s pstate) {
	w.okRound = w.okRound || s.ok
	for _, p := range s.fails {
		if s.ok && p.putUp && len(p.waits) == 0 && p.call > 0 {
			// Its failure decided nothing: it goes round with a success,
			// to an earlier attempt whose success ends it (join).
			continue
		}
		w.rounds = append(w.rounds, p)
	}
}

// join notes the failure paths that reach attempt i together with a
// success: the loop went on with its next step after the failure, as
// it does after a success (a frame whose name could not be peeked is
// still read and consumed), so the next step's success ends them. A
// step only failures reach (if err != nil { reconnect() }) is a repair,
// and the path it is on still retries.
func (w *failWalk) join(s pstate, i int) pstate {
	return s.edit(func(p *failPath) {
		if p.joined < 0 {
			p.joined = i
		}
	})
}

// split returns the state on the side of a test whose outcome is st.
func (w *failWalk) split(s pstate, st status.State, test ast.Expr) pstate {
	switch st {
	case status.StateFailure:
		out := pstate{fails: s.fails}
		if s.ok && w.started && !slices.Contains(s.passed, types.ExprString(test)) {
			p := &failPath{call: w.cur, test: test, joined: -1}
			out.fails = append(append([]*failPath(nil), s.fails...), p)
		}
		return out
	case status.StateSuccess:
		keep := pstate{ok: s.ok, passed: s.passed}
		for _, p := range s.fails {
			if p.call != w.cur && p.joined != w.cur {
				keep.fails = append(keep.fails, p)
			}
		}
		return keep
	}
	return s
}

func (w *failWalk) stmts(list []ast.Stmt, s pstate) pstate {
	for i, st := range list {
		if s.dead() || w.bail {
			return s
		}
		// if n < 3 { n++; continue }; return err: the test's false side is
		// what follows, and it leaves.
		if ifs, ok := st.(*ast.IfStmt); ok && ifs.Else == nil && i+1 < len(list) && w.bounds(ifs.Cond) && w.leaves(&ast.BlockStmt{List: list[i+1:]}) {
			s = w.bound(s, ifs.Cond)
		}
		s = w.stmt(st, s)
	}
	return s
}

func (w *failWalk) stmt(st ast.Stmt, s pstate) pstate {
	if i, ok := w.attempt[st]; ok {
		s.passed = nil // a new outcome
		if s.ok {
			s = w.join(s, i)
		}
		if _, probe := st.(*ast.IfStmt); probe {
			w.cur, w.started = i, true // if probe() {: its branches follow it
		} else {
			defer func() { w.cur, w.started = i, true }()
		}
	}
	switch st := st.(type) {
	case *ast.BlockStmt:
		return w.stmts(st.List, s)
	case *ast.LabeledStmt:
		return w.stmt(st.Stmt, s)
	case *ast.IfStmt:
		return w.ifStmt(st, s)
	case *ast.SwitchStmt:
		return w.switchStmt(st, s)
	case *ast.TypeSwitchStmt:
		if st.Init != nil {
			s = w.stmt(st.Init, s)
		}
		s = w.simple(st.Assign, s)
		return w.clauses(st, st.Body, s, func(ast.Stmt) pstate { return s })
	case *ast.SelectStmt:
		return w.selectStmt(st, s)
	case *ast.ForStmt:
		if st.Init != nil {
			s = w.stmt(st.Init, s)
		}
		head := s
		if st.Cond != nil {
			head = w.simple(st.Cond, head)
		}
		return w.innerLoop(st, st.Body, head, st.Cond == nil)
	case *ast.RangeStmt:
		s = w.simple(st.X, s)
		s = w.assign(st, s)
		return w.innerLoop(st, st.Body, s, false)
	case *ast.BranchStmt:
		w.branch(st, s)
		return pstate{}
	case *ast.ReturnStmt:
		w.simple(st, s)
		return pstate{}
	case *ast.GoStmt, *ast.DeferStmt:
		return s // runs elsewhere, or later
	case *ast.ExprStmt:
		s = w.simple(st, s)
		if call, ok := ast.Unparen(st.X).(*ast.CallExpr); ok && site.NeverReturns(w.f.info, call, w.f.Exits) {
			return pstate{}
		}
		if holds, ok := w.out.Required(st); ok {
			return w.split(s, holds, st.X) // require.NoError(t, err): only a success goes on
		}
		return s
	}
	s = w.simple(st, s)
	return w.assign(st, s)
}

func (w *failWalk) ifStmt(st *ast.IfStmt, s pstate) pstate {
	if st.Init != nil {
		s = w.stmt(st.Init, s)
	}
	if !w.started && st.Init == nil && st.Else == nil && w.f.laterRound(w.loop, st.Cond) {
		// if attempt > 0 { sleep(d) }: a wait on every round but the
		// first (laterround.go).
		before := len(w.preWaits)
		out := w.stmt(st.Body, w.simple(st.Cond, s))
		w.laterWaits = append(w.laterWaits, w.preWaits[before:]...)
		w.preWaits = w.preWaits[:before]
		return w.merge(out, s)
	}
	s = w.simple(st.Cond, s)
	if w.bounds(st.Cond) && (w.leaves(st.Body) || st.Else != nil && w.leaves(st.Else)) {
		s = w.bound(s, st.Cond)
	}
	t, e := w.out.Branch(st.Cond)
	before := len(w.preWaits)
	then := w.stmt(st.Body, w.split(s, t, st.Cond))
	if !w.started && endsInContinue(st.Body) {
		// if d := c.paused(); d > 0 { sleep(d); continue }: a pause
		// that skips the round's attempt, not a wait before every one.
		w.preWaits = w.preWaits[:before]
	}
	other := w.split(s, e, st.Cond)
	if t == status.StateFailure && other.ok {
		other.passed = append(slices.Clip(other.passed), types.ExprString(st.Cond))
	}
	if st.Else != nil {
		other = w.stmt(st.Else, other)
	} else if t == status.StateFailure && other.ok {
		then = putUp(then, s)
	} else if e == status.StateFailure && then.ok {
		other = putUp(other, s)
	}
	return w.merge(then, other)
}

// putUp marks the failure paths of side that its test started (those s,
// the state before it, does not hold) as put up with: side falls through
// to what a success runs next.
func putUp(side, s pstate) pstate {
	out := side
	out.fails = slices.Clone(side.fails)
	for i, p := range out.fails {
		if !slices.Contains(s.fails, p) {
			c := p.clone()
			c.putUp = true
			out.fails[i] = c
		}
	}
	return out
}

// switchStmt: in switch { case err == nil: ...; default: ... } the cases
// after a success test run only after a failure.
func (w *failWalk) switchStmt(st *ast.SwitchStmt, s pstate) pstate {
	if st.Init != nil {
		s = w.stmt(st.Init, s)
	}
	if st.Tag != nil {
		s = w.simple(st.Tag, s)
	}
	outcomes := st.Tag == nil && (st.Init == nil || isOpInit(w.f.info, st.Init))
	later := false // a case before failed only after a failure
	return w.clauses(st, st.Body, s, func(c ast.Stmt) pstate {
		cc := c.(*ast.CaseClause)
		cs := s
		if !outcomes {
			return cs
		}
		fail, ok := later, false
		for _, e := range cc.List {
			cs = w.simple(e, cs)
			t, f := w.out.Branch(e)
			fail = fail || t == status.StateFailure
			ok = ok || t == status.StateSuccess
			later = later || f == status.StateFailure
			if w.bounds(e) && w.leaves(&ast.BlockStmt{List: cc.Body}) {
				s = w.bound(s, e)
				cs = w.bound(cs, e)
			}
		}
		var test ast.Expr
		if len(cc.List) > 0 {
			test = cc.List[0]
		}
		switch {
		case fail:
			return w.split(cs, status.StateFailure, test)
		case ok:
			return w.split(cs, status.StateSuccess, test)
		}
		return cs
	})
}

// clauses walks the clauses of a switch or select, each from the state
// entry gives it, and merges what leaves them; with no default clause, s
// itself leaves too (as a switch none of whose cases matched).
func (w *failWalk) clauses(st ast.Stmt, body *ast.BlockStmt, s pstate, entry func(ast.Stmt) pstate) pstate {
	var outs []pstate
	def := false
	for _, c := range body.List {
		var list []ast.Stmt
		switch c := c.(type) {
		case *ast.CaseClause:
			list, def = c.Body, def || c.List == nil
		case *ast.CommClause:
			list, def = c.Body, def || c.Comm == nil
		}
		outs = append(outs, w.stmts(list, entry(c)))
	}
	if !def {
		if _, sel := st.(*ast.SelectStmt); !sel {
			outs = append(outs, s)
		}
	}
	outs = append(outs, w.breaks[st]...)
	return w.merge(outs...)
}

// selectStmt: a select whose case receives and leaves the loop (<-ctx.Done(),
// a quit channel) ends the paths through it, whichever case they take.
func (w *failWalk) selectStmt(st *ast.SelectStmt, s pstate) pstate {
	for _, c := range st.Body.List {
		cc := c.(*ast.CommClause)
		if cc.Comm != nil && site.Received(cc.Comm) != nil && (w.leaves(&ast.BlockStmt{List: cc.Body}) || w.leavesWhenClosed(cc)) {
			s = w.bound(s, cc.Comm)
		}
	}
	def := false
	for _, c := range st.Body.List {
		def = def || c.(*ast.CommClause).Comm == nil
	}
	return w.clauses(st, st.Body, s, func(c ast.Stmt) pstate {
		cc := c.(*ast.CommClause)
		if cc.Comm == nil {
			return s
		}
		if def {
			// With a default, a case runs only when it is ready: it
			// waits for nothing.
			return w.assign(cc.Comm, s)
		}
		return w.assign(cc.Comm, w.simple(cc.Comm, s))
	})
}

// leavesWhenClosed reports whether a case that receives v, ok := <-ch
// leaves the loop when ch is closed: case _, ok := <-p.closing: if !ok {
// return }, a stop told by closing a channel.
func (w *failWalk) leavesWhenClosed(cc *ast.CommClause) bool {
	as, ok := cc.Comm.(*ast.AssignStmt)
	if !ok || len(as.Lhs) != 2 || len(cc.Body) != 1 {
		return false
	}
	okVar, _ := as.Lhs[1].(*ast.Ident)
	ifs, isIf := cc.Body[0].(*ast.IfStmt)
	if okVar == nil || !isIf || ifs.Init != nil || ifs.Else != nil || !w.leaves(ifs.Body) {
		return false
	}
	not, isNot := ast.Unparen(ifs.Cond).(*ast.UnaryExpr)
	if !isNot || not.Op != token.NOT {
		return false
	}
	id, isID := ast.Unparen(not.X).(*ast.Ident)
	return isID && w.f.info.ObjectOf(id) != nil && w.f.info.ObjectOf(id) == w.f.info.ObjectOf(okVar)
}

// innerLoop walks a loop nested in the body once: its waits pace its own
// rounds, and what leaves it (its condition, a break) goes on after it.
func (w *failWalk) innerLoop(st ast.Stmt, body *ast.BlockStmt, head pstate, endless bool) pstate {
	w.inner++
	end := w.stmt(body, head)
	w.inner--
	outs := append([]pstate(nil), w.breaks[st]...)
	if !endless {
		outs = append(outs, head, end)
		outs = append(outs, w.conts[st]...)
	}
	return w.merge(outs...)
}

// branch sends s where a break, continue or goto takes it.
func (w *failWalk) branch(br *ast.BranchStmt, s pstate) {
	switch br.Tok {
	case token.GOTO:
		w.bail = true
	case token.FALLTHROUGH:
		w.bail = true
	case token.CONTINUE:
		t := w.target(br)
		if t == nil && br.Label != nil {
			return // continue Outer: the path leaves the loop
		}
		if t == nil || t == ast.Stmt(w.loop) {
			w.round(s)
		} else {
			w.conts[t] = append(w.conts[t], s)
		}
	case token.BREAK:
		if t := w.target(br); t != nil && t != ast.Stmt(w.loop) {
			w.breaks[t] = append(w.breaks[t], s)
		}
	}
}

// target returns the statement a break or continue leaves or continues
// (branchTargets): nil for a break of a label outside the body.
func (w *failWalk) target(br *ast.BranchStmt) ast.Stmt {
	return w.targets[br]
}

// leaves reports whether a block ends by leaving the loop: a return, a
// call that does not return, a break of the loop, or an assignment that
// makes the loop's condition false (err = os.ErrDeadlineExceeded in for
// errors.Is(err, ErrPending)) as its last statement.
func (w *failWalk) leaves(b ast.Stmt) bool {
	switch b := b.(type) {
	case *ast.BlockStmt:
		return len(b.List) > 0 && w.leaves(b.List[len(b.List)-1])
	case *ast.AssignStmt:
		_, ends := w.endsLoop(b)
		return ends
	case *ast.ReturnStmt:
		return true
	case *ast.ExprStmt:
		call, ok := ast.Unparen(b.X).(*ast.CallExpr)
		return ok && site.NeverReturns(w.f.info, call, w.f.Exits)
	case *ast.BranchStmt:
		return b.Tok == token.BREAK && w.target(b) == ast.Stmt(w.loop)
	case *ast.IfStmt:
		return b.Else != nil && w.leaves(b.Body) && w.leaves(b.Else)
	}
	return false
}

// bound marks the failure paths of s as ended by node; before the first
// attempt, node ends every round.
func (w *failWalk) bound(s pstate, node ast.Node) pstate {
	if !w.started && w.preBound == nil {
		w.preBound = node
	}
	return s.edit(func(p *failPath) {
		if p.bound == nil {
			p.bound = node
		}
	})
}

// bounds reports whether cond asks about an attempt counter, the time or
// a context (ctx.Err(), a deadline, errors.Is(err, context.Canceled), the
// error of a call that takes a context, a wait that stops with its
// context).
func (w *failWalk) bounds(cond ast.Expr) bool {
	if w.loopAssigned == nil {
		w.loopAssigned = AssignedIn(w.f.info, w.loop)
	}
	if StopFlag(w.f.info, cond, w.loopAssigned) && !w.asksAttemptState(cond) {
		// if id >= atomic.LoadInt32(&c.numFetcher) { return }: someone
		// else stops it; not a state of what the attempt runs on
		// (producer.TxnStatus() before producer.AbortTxn()).
		return true
	}
	if b, ok := ast.Unparen(cond).(*ast.BinaryExpr); ok && (b.Op == token.NEQ || b.Op == token.EQL) {
		x, y := ast.Unparen(b.X), ast.Unparen(b.Y)
		if site.IsNil(w.f.info, x) {
			x, y = y, x
		}
		if id, ok := x.(*ast.Ident); ok && site.IsNil(w.f.info, y) && w.ctxResults[w.f.info.ObjectOf(id)] {
			return true // if err := sleep(ctx, d); err != nil { return err }
		}
	}
	found := false
	ast.Inspect(cond, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.Ident:
			obj := w.f.info.ObjectOf(n)
			if w.counters[obj] {
				found = true
			}
			if v, ok := obj.(*types.Var); ok {
				if libs.IsNamed(v.Type(), "time", "Time") {
					found = true // a deadline
				}
				if v.Pkg() != nil && v.Pkg().Path() == "context" && v.Parent() == v.Pkg().Scope() {
					found = true // context.Canceled, context.DeadlineExceeded
				}
			}
			if c, ok := obj.(*types.Const); ok {
				if _, stop := libs.StopSignals.LookupObject(c); stop {
					found = true
				}
			}
		case *ast.CallExpr:
			if _, ok := libs.TimeOrContext.Lookup(libs.Callee(w.f.info, n)); ok {
				found = true
			}
			if wf := w.f.Wait(n); wf != nil && wf.Stops {
				found = true
			}
		}
		return !found
	})
	return found
}

// simple notes what a statement or expression does on the paths of s: the
// waits it takes and the channels it blocks on.
func (w *failWalk) simple(n ast.Node, s pstate) pstate {
	if n == nil {
		return s
	}
	if w.started {
		s = s.edit(func(p *failPath) { p.nodes = append(p.nodes, n) })
	} else {
		w.preNodes = append(w.preNodes, n)
	}
	ast.Inspect(n, func(m ast.Node) bool {
		switch m := m.(type) {
		case *ast.FuncLit:
			return false
		case *ast.SendStmt:
			// errs <- err: waits for a receiver (in a select with a
			// default, selectStmt walks the case as ready instead).
			s = w.block(s)
		case *ast.UnaryExpr:
			if m.Op != token.ARROW {
				return true
			}
			if call, ok := ast.Unparen(m.X).(*ast.CallExpr); ok && w.isWait(call) {
				return true // <-time.After(d): the call is the wait
			}
			if call, ok := ast.Unparen(m.X).(*ast.CallExpr); ok && libs.IsMethod(libs.Callee(w.f.info, call), "context", "Context", "Done") {
				return true // waits for the end, not for a delay
			}
			if isTickerChan(m.X) {
				s = w.wait(nil, s) // <-tick.C: the ticker's period
			} else {
				s = w.block(s)
			}
		case *ast.CallExpr:
			if w.isWait(m) {
				s = w.wait(m, s)
				return false
			}
		}
		return true
	})
	return s
}

// isWait reports whether call waits for a duration (or makes a ticker,
// which then paces the loop), noting the wait helpers.
func (w *failWalk) isWait(call *ast.CallExpr) bool {
	if wf := w.f.Wait(call); wf != nil {
		w.helpers[call] = wf
		return true
	}
	fn := libs.Callee(w.f.info, call)
	if libs.IsMethod(fn, "time", "Timer", "Reset") && len(call.Args) == 1 && isZero(w.f.info, call.Args[0]) {
		return false // timer.Reset(0): fires at once, waits for nothing
	}
	if w.f.resetsUnread(call) {
		return false
	}
	_, ok := libs.Waits.Lookup(fn)
	return ok || libs.Is(fn, "time", "Tick") || libs.Is(fn, "time", "NewTicker")
}

// isZero reports whether e is the constant 0.
func isZero(info *types.Info, e ast.Expr) bool {
	c, ok := astutil.IntConst(info, e)
	return ok && c == 0
}

// wait notes a wait (nil: one not judged, a ticker's tick) on the paths of
// s. In a nested loop it paces that loop's rounds.
func (w *failWalk) wait(call *ast.CallExpr, s pstate) pstate {
	switch {
	case !w.started:
		if call == nil || w.inner > 0 {
			w.preBlocked = true
		} else {
			w.preWaits = append(w.preWaits, call)
		}
		return s
	case w.inner > 0 || call == nil && !s.ok:
		return w.block(s)
	case s.ok:
		// if err != nil { d = time.Minute } else { d = 24 * time.Hour };
		// time.After(d): the failure's own delay, not the schedule's.
		return s.edit(func(p *failPath) {
			if i := w.waitsFor(call, p.delays); i >= 0 {
				p.waits = append(p.waits, call)
				w.choose(call, p.chosen[i])
			} else {
				p.shared = true
			}
		})
	}
	return s.edit(func(p *failPath) { p.waits = append(p.waits, call) })
}

// waitsFor returns the index among delays of the variable the wait
// call's duration is, the last set, or -1.
func (w *failWalk) waitsFor(call *ast.CallExpr, delays []types.Object) int {
	if call == nil || len(delays) == 0 {
		return -1
	}
	i, ok := libs.Waits.Lookup(libs.Callee(w.f.info, call))
	if !ok || i >= len(call.Args) {
		return -1
	}
	id, ok := ast.Unparen(call.Args[i]).(*ast.Ident)
	if !ok {
		return -1
	}
	obj := w.f.info.ObjectOf(id)
	for j := len(delays) - 1; j >= 0; j-- {
		if delays[j] == obj {
			return j
		}
	}
	return -1
}

// choose notes val as a delay a failure path chose for the wait call.
func (w *failWalk) choose(call *ast.CallExpr, val ast.Expr) {
	if w.chosen == nil {
		w.chosen = map[*ast.CallExpr][]ast.Expr{}
	}
	w.chosen[call] = append(w.chosen[call], val)
}

// assignedValue returns the value the assignment n gives obj (d =
// time.Second), or nil.
func assignedValue(n ast.Node, obj types.Object, info *types.Info) ast.Expr {
	as, ok := n.(*ast.AssignStmt)
	if !ok || len(as.Lhs) != len(as.Rhs) || as.Tok != token.ASSIGN && as.Tok != token.DEFINE {
		return nil
	}
	for i, l := range as.Lhs {
		if id, ok := ast.Unparen(l).(*ast.Ident); ok && info.ObjectOf(id) == obj {
			return as.Rhs[i]
		}
	}
	return nil
}

func isDuration(t types.Type) bool { return libs.IsNamed(t, "time", "Duration") }

func (w *failWalk) block(s pstate) pstate {
	if !w.started {
		w.preBlocked = true
		return s
	}
	return s.edit(func(p *failPath) { p.blocked = true })
}

// assign notes the variables a statement sets: on a failure path, an
// input of its attempt set otherwise than to a constant or the attempt's
// own result makes the next attempt a new one.
func (w *failWalk) assign(n ast.Node, s pstate) pstate {
	if as, ok := n.(*ast.AssignStmt); ok && w.started {
		if sets, ends := w.endsLoop(as); sets {
			s = s.edit(func(p *failPath) { p.ends = ends })
		}
	}
	for _, a := range w.assignments(n) {
		w.assigned = append(w.assigned, a)
		if w.started && !s.ok && isDuration(a.obj.Type()) {
			// set where only failures run: the delay the failure chose
			val := assignedValue(n, a.obj, w.f.info)
			s = s.edit(func(p *failPath) {
				p.delays = append(p.delays, a.obj)
				p.chosen = append(p.chosen, val)
			})
		}
		if a.reset || !w.started {
			continue
		}
		s = s.edit(func(p *failPath) {
			if a.from != p.call && w.reads(p.call, a.obj) {
				p.moved = true
			}
		})
	}
	return s
}

// reads reports whether attempt i's call reads obj, directly or through
// a variable the body derives from it before the attempt (t :=
// next(lastT); send(t) reads lastT).
func (w *failWalk) reads(i int, obj types.Object) bool {
	objs := map[types.Object]bool{obj: true}
	for _, a := range w.assigned {
		if a.derived[obj] && a.pos < w.calls[i].Pos() {
			objs[a.obj] = true
		}
	}
	c := w.calls[i]
	for _, in := range append([]ast.Expr{c.Fun}, c.Args...) {
		if site.MentionsAny(w.f.info, in, objs) {
			return true
		}
	}
	return false
}

func (w *failWalk) assignments(n ast.Node) []assignment {
	var out []assignment
	add := func(e ast.Expr, reset bool, from int) {
		id := site.RootIdent(e)
		if sel, ok := ast.Unparen(e).(*ast.SelectorExpr); ok {
			id = sel.Sel // c.cursor = next: the field
		}
		if id == nil || id.Name == "_" {
			return
		}
		if obj := w.f.info.ObjectOf(id); obj != nil {
			out = append(out, assignment{obj: obj, pos: n.Pos(), reset: reset, from: from})
		}
	}
	// next(page.Next, &q): a call handed a variable's address may set it
	// (a cursor moved on through a pointer).
	addressed := func(e ast.Expr) {
		if call, ok := ast.Unparen(e).(*ast.CallExpr); ok {
			from := -1 // an attempt writing through the pointer stores its own result
			for i, c := range w.calls {
				if c == call {
					from = i
				}
			}
			for _, a := range call.Args {
				if u, ok := ast.Unparen(a).(*ast.UnaryExpr); ok && u.Op == token.AND {
					add(u.X, false, from)
				}
			}
		}
	}
	switch n := n.(type) {
	case *ast.ExprStmt:
		addressed(n.X)
	case *ast.IncDecStmt:
		add(n.X, false, -1)
	case *ast.RangeStmt:
		for _, e := range []ast.Expr{n.Key, n.Value} {
			if e != nil {
				add(e, false, -1)
			}
		}
	case *ast.AssignStmt:
		from := -1
		if len(n.Rhs) == 1 {
			for i, c := range w.calls {
				if ast.Unparen(n.Rhs[0]) == c {
					from = i
				}
			}
		}
		for i, l := range n.Lhs {
			reset := false
			if len(n.Rhs) == len(n.Lhs) {
				r := ast.Unparen(n.Rhs[i])
				if tv, ok := w.f.info.Types[r]; ok && (tv.Value != nil || tv.IsNil()) || literalOfConstants(w.f.info, r) && w.onlyRead(l) {
					reset = true // memberID = "", h := http.Header{"User-Agent": ...}: the same each round
				}
				if id, ok := r.(*ast.Ident); ok {
					for j := range w.own {
						if w.own[j][w.f.info.ObjectOf(id)] {
							reset = true // offset = start, start an attempt's result: fed back
						}
					}
				}
			}
			before := len(out)
			add(l, reset, from)
			if len(n.Rhs) == len(n.Lhs) && len(out) > before {
				// t := next(lastT), u.RawQuery = fmt.Sprintf(..., seq);
				// but queue = queue[1:] moves on from its own value, and
				// so does a field (jm.queue = jm.queue[1:]).
				a := &out[len(out)-1]
				d := w.derivation(n.Rhs[i])
				w.addFields(d, n.Rhs[i])
				if !d[a.obj] {
					a.derived = d
				}
			}
		}
		for _, r := range n.Rhs {
			addressed(r)
		}
	case *ast.DeclStmt:
		ast.Inspect(n, func(m ast.Node) bool {
			if vs, ok := m.(*ast.ValueSpec); ok {
				for _, id := range vs.Names {
					add(id, len(vs.Values) == 0, -1)
				}
			}
			return true
		})
	}
	return out
}

// movedBefore reports whether the body, before attempt i, sets an input
// of it (job := <-jobs; err := process(job)), or the attempt's arguments
// draw one (dial(ctx, next())): every round runs it, so the attempt
// handles a new input each time round.
func (w *failWalk) movedBefore(i int) bool {
	for _, in := range w.calls[i].Args {
		if drawsNext(w.f.info, in) {
			return true // dial(ctx, next()): the next address each round
		}
	}
	for _, a := range w.assigned {
		if a.pos < w.calls[i].Pos() && !a.reset && a.derived == nil && a.from != i && w.reads(i, a.obj) {
			return true
		}
	}
	// for b.Next() { save(b.row()) }: the condition moves b on.
	if w.loop.Cond != nil && astutil.Some(w.loop.Cond, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return false
		}
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok || !libs.StreamMethods[sel.Sel.Name] {
			return false
		}
		root := site.RootIdent(sel.X)
		return root != nil && w.reads(i, w.f.info.ObjectOf(root))
	}) {
		return true
	}
	if w.loop.Post != nil {
		for _, a := range w.assignments(w.loop.Post) {
			if !a.reset && w.reads(i, a.obj) {
				return true
			}
		}
		if inc, ok := w.loop.Post.(*ast.IncDecStmt); ok {
			if id := site.RootIdent(inc.X); id != nil && w.reads(i, w.f.info.ObjectOf(id)) {
				return true
			}
		}
	}
	return false
}

// endsLoop reports whether as sets the variable the loop's condition
// tests against a constant (for work != nil), and whether it sets it to
// that constant (work = nil): the path through it leaves the loop at the
// condition instead of going round.
func (w *failWalk) endsLoop(as *ast.AssignStmt) (sets, ends bool) {
	return site.EndsLoop(w.f.info, w.loop.Cond, as)
}

// addFields adds to d, a derivation, the fields e reads (jm.queue in
// jm.queue[0]): a field moved on (jm.queue = jm.queue[1:]) moves what
// was taken from it.
func (w *failWalk) addFields(d map[types.Object]bool, e ast.Expr) {
	if d == nil {
		return
	}
	ast.Inspect(e, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if v, ok := w.f.info.Uses[sel.Sel].(*types.Var); ok && v.IsField() {
				d[v] = true
			}
		}
		return true
	})
}

// endsInContinue reports whether body's last statement is a continue.
func endsInContinue(body *ast.BlockStmt) bool {
	if len(body.List) == 0 {
		return false
	}
	br, ok := body.List[len(body.List)-1].(*ast.BranchStmt)
	return ok && br.Tok == token.CONTINUE
}

// asksAttemptState reports whether cond calls a method of what an
// attempt's call is made on (producer.TxnStatus() before
// producer.AbortTxn()): the state of the retried thing, not a stop.
func (w *failWalk) asksAttemptState(cond ast.Expr) bool {
	roots := map[types.Object]bool{}
	for _, c := range w.calls {
		if obj := site.ReceiverObject(w.f.info, c); obj != nil {
			roots[obj] = true
		}
	}
	return astutil.Some(cond, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		return ok && roots[site.ReceiverObject(w.f.info, call)]
	})
}
