package retrysite

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/cfg"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/retrysite/fails"
	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
	"github.com/idemlint/idemlint/passes/internal/retrysite/status"
	"github.com/idemlint/idemlint/passes/internal/retrysite/wait"
)

// loopWalk follows the control-flow graph of one loop's body, tracking what
// each path knows about the latest attempt, to tell a retry loop (failure
// goes round again, success leaves) from the loops that only look like one
// (readers that stop at the first error, accept loops, iterations).
type loopWalk struct {
	info   *types.Info
	loop   ast.Stmt
	g      *cfg.CFG
	waitOf func(*ast.CallExpr) *site.WaitFact // the wait helper a call invokes
	out    *status.Outcomes
	bnd    *bounder // built on first use: most loops are ruled out before

	assigned map[types.Object]bool // what the loop assigns (wait.AssignedIn), for stops

	opAssigns map[ast.Node]bool
	// boolResults are the boolean results of attempts that also return
	// an error (ok, err := rdb.SetNX(...).Result()), read as a success
	// flag; lockResults those of them that say whether a lock was taken
	// (package lock), lockOf says which result of a call that is.
	boolResults map[types.Object]bool
	lockResults map[types.Object]bool
	// retryFlags are the boolean results that may say "try again"
	// (retry, err := c.do(req), fails.RetryFlagFact), read as true after
	// a failure when invertFlags is set (retryflag.go).
	retryFlags  map[types.Object]bool
	invertFlags bool
	// nilResults are the first results of attempts that say their
	// failure by a nil (fails.NilOnErrorFact): reply, resp :=
	// connectAttempt(cfg); if reply != nil { return }.
	nilResults map[types.Object]bool
	// boolCalls are attempts tested where they are made, their bool
	// result read by the if at once (if !probe() { continue }, with probe
	// false when it fails: fails.FalseOnErrorFact).
	boolCalls map[*ast.CallExpr]bool
	// errCalls are attempts whose one error result is compared with nil
	// where they are made (if c.mustActiveConn() == nil { return }).
	errCalls map[*ast.BinaryExpr]bool
	lockOf   func(*ast.CallExpr) int
	// fl says whether a call never succeeds (package fails): its outcome
	// is a failure before any test (a reconnect loop's stream); and which
	// error values mean "not done yet".
	fl *fails.Fails
	// backsOff says that every round waits a delay the body doubles
	// (backoff.go): its error-only attempts are read as never
	// succeeding, a reconnect loop's.
	backsOff bool
	// swallowed are the attempts that keep their failure to themselves
	// (swallowedAttempt), noted by collectOps.
	swallowed map[ast.Node]bool
	facts     func(*types.Func) *status.RespFact
	// resultFields are the fields attempts store a result in (c.conn, err =
	// dial()).
	resultFields map[types.Object]bool
	condVars     map[types.Object]bool
	// cond is the loop's condition, whose variables a path may set so
	// that it ends the loop (site.EndsLoop).
	cond    ast.Expr
	visited map[[5]int]bool
	exitsOK map[*cfg.Block]bool // canExit memo

	failBack    bool // a failed attempt reaches the next iteration
	okBack      bool // an attempt that did not fail, or may not have, reaches it too
	condExit    bool // the condition ends the loop after a success (done = true)
	condFails   bool // the condition is a failure test of the attempt's error (for err != nil)
	successExit bool // a successful attempt leaves the loop
	unsureBack  bool // an attempt whose error was not tested reaches the next iteration
	path        []ast.Node
	pathSeen    map[ast.Node]bool
	// okSeen are the nodes a path reaches with no failure (before the
	// attempt, or after it went well): those a failure path shares with
	// the loop's other rounds (periodic.go).
	okSeen      map[ast.Node]bool
	attempt     []ast.Node
	attemptSeen map[ast.Node]bool
	failed      []ast.Node // nodes run after a failed attempt
	tests       []ast.Expr
	failSuccs   map[ast.Expr][]*cfg.Block // the successors of a test on its failure side
	failOnFalse map[ast.Expr]bool         // tests whose failure side is only their false branch
	bound       ast.Node
	// headBound: the loop's header bounds every iteration (a counted
	// condition, a range over n). Otherwise each failure path round the
	// loop must pass a bound of its own: unboundedPath says one does not
	// (a busy answer that continues without counting the attempt).
	headBound     bool
	selects       map[*ast.CommClause]bool // selectEnds's answers
	initConds     map[ast.Expr]bool        // checksOwnInit's answers
	unboundedPath bool
	// sawDone: a success path met a poll's done test (poll.go); polls:
	// this walk reads the side of such a test that goes round as a
	// failure. polled is pollValues's answer.
	sawDone, polls bool
	// stateOps: the loop's attempts read state and return no error
	// (collectStateOps); only a poll of it is a retry.
	stateOps  bool
	polled    map[types.Object]bool
	doneConds []ast.Expr
	// moves are the statements that change what the next attempt sends
	// (a region redirect): a path through one is not a retry path.
	moves map[ast.Node]bool
	// rotated: each iteration starts with the outcome of the attempt at
	// the bottom of the last one (rotated.go).
	rotated bool
	// guarded: every attempt runs only while the state its success
	// leaves behind is missing (guarded.go): a success going round only
	// watches that state.
	guarded bool
	// stream: the loop reads a stream (consumesStream), whose answers'
	// flags may say "nothing more yet" rather than "done".
	stream bool
}

// readBody notes the body's attempts (or, with none, its reads of
// state) and the outcomes its switches and booleans carry.
func (w *loopWalk) readBody(body *ast.BlockStmt) {
	w.readAttempts(body)
	w.readOutcomes(body)
}

// readAttempts notes the body's attempts, or, with none, its reads of
// state: a loop with neither is no retry, and analyzeLoop asks before
// the outcomes are read (three more walks of the body, for every loop of
// every package).
func (w *loopWalk) readAttempts(body *ast.BlockStmt) {
	w.collectOps(body)
	if len(w.opAssigns) == 0 {
		w.collectStateOps(body)
	}
}

// readOutcomes notes the outcomes the body's switches and booleans carry,
// and whether its attempts are guarded by the state they set.
func (w *loopWalk) readOutcomes(body *ast.BlockStmt) {
	w.out.NoteSwitches(body)
	w.out.NoteBools(body)
	w.out.NoteStatusVars(body)
	w.guarded = w.guardedByResult(body)
}

func (w *loopWalk) bounder() *bounder {
	if w.bnd == nil {
		w.bnd = newBounder(w.info, w.loop, w.waitOf)
		if w.fl != nil {
			w.bnd.stops = w.fl.StopsOnDone
		}
	}
	return w.bnd
}

// analyzeLoop returns the loop's site, or nil when it is not a retry loop.
func analyzeLoop(info *types.Info, graph func() *cfg.CFG, loop ast.Stmt, waitOf, iterOf func(*ast.CallExpr) *site.WaitFact, facts func(*types.Func) *status.RespFact, lockOf func(*ast.CallExpr) int, fl *fails.Fails) *Site {
	var body *ast.BlockStmt
	var cond ast.Expr
	var iter *site.WaitFact // for range c.retries(ctx, n): a retry iterator's
	ticker := false         // for range tick.C: each attempt waits for a tick
	targets := false        // for _, broker := range brokers: failover (failover.go)
	switch l := loop.(type) {
	case *ast.ForStmt:
		body, cond = l.Body, l.Cond
	case *ast.RangeStmt:
		// Ranging over a collection runs a different operation each time;
		// only `for range n` (and `for i := range n`) repeats one.
		// A retry iterator repeats its body too (wait/retryiter.go), and so
		// do a ticker's channel (wait/tickerrange.go) and a schedule of delays
		// (wait/schedulerange.go).
		if wait.IsTickerRange(info, l.X) {
			ticker = true
		} else if call, ok := ast.Unparen(l.X).(*ast.CallExpr); ok && !site.IsInteger(info.TypeOf(l.X)) {
			if iter = iterOf(call); iter == nil && !wait.IsScheduleRange(info, l, waitOf) {
				return nil
			}
		} else if !site.IsInteger(info.TypeOf(l.X)) && !wait.IsScheduleRange(info, l, waitOf) {
			if !rangesTargets(info, l, fl) {
				return nil
			}
			targets = true
		}
		body = l.Body
	}
	w := newLoopWalk(info, loop, waitOf, facts, lockOf, fl)
	w.backsOff = backsOffEachRound(info, body, waitOf, fl)
	if w.readAttempts(body); len(w.opAssigns) == 0 {
		return nil
	}
	w.readOutcomes(body)
	if w.opInputsVary(body) || w.advancesField(body) || w.drawsCandidates(body) || w.leavesOnRepeat(body) {
		return nil
	}
	stream := w.consumesStream(body)
	w.stream = stream
	if cond != nil && (iteratesCollection(info, cond, w.out.IsErr) || w.indexesByCounter(body)) {
		return nil
	}
	w.g = graph()
	entry, heads := w.blocks()
	if entry == nil {
		return nil
	}
	if ticker {
		iter = &site.WaitFact{Param: 0, Exact: true, Iter: true} // never bounded: a ticker ticks forever
	}
	w.run(cond, iter, entry, heads)
	if stream && (w.okBack || w.rejected()) {
		return nil // a successful read goes round: the next message
	}
	errRetried := false // a failed call goes round, whatever the answer says
	if w.rejected() && w.sawDone && (w.failBack || w.unsureBack || w.stateOps) {
		errRetried = w.failBack && !w.unsureBack
		// A poll (poll.go): walk again, reading the side of the done
		// test that goes round as a failed attempt. A poll whose failed
		// call never goes round (it returns, or require.NoError ends the
		// test) waits only after a "not done yet": RULES.md's status
		// poll, no retry.
		w = w.again(body, cond, iter, entry, heads, func(p *loopWalk) {
			p.polls, p.doneConds, p.moves = true, w.doneConds, w.moves
			p.out.NotFoundYet = true
		})
	}
	if w.rejected() && !w.sawDone && cond != nil && w.attemptAtBottom(body) {
		// The attempt at the bottom is tested at the top (rotated.go).
		if p := w.again(body, cond, iter, entry, heads, func(p *loopWalk) { p.rotated = true }); !p.rejected() {
			w = p
		}
	}
	if w.rejected() && len(w.retryFlags) > 0 {
		// A flag read as success went round: read it as "try again".
		if p := w.again(body, cond, iter, entry, heads, func(p *loopWalk) { p.invertFlags = true }); !p.rejected() {
			w = p
		}
	}
	if w.rejected() || w.stateOps && !w.polls {
		return nil
	}
	if w.pollsFlag(body, cond, iter, entry, heads) {
		return nil
	}
	if w.unboundedPath && !w.headBound {
		w.bound = nil
	}
	if w.bound == nil {
		// consume(ctx) returns nil once ctx is done, and its success
		// leaves the loop: ctx bounds it (fails.DoneNilFact).
		w.bound = w.doneNilAttempt()
	}
	uncounted := w.unboundedPath && w.headBound && w.uncountedFailure(entry, heads)
	if uncounted {
		w.bound = nil // for tries := 0; tries < 5; { ... continue before tries++ }
	}
	s := &Site{Kind: Loop, Node: loop, Op: site.Operation{Body: body}, RetryPath: w.path, Attempt: w.goesRound(w.attempt, heads), Tests: w.tests, RetryTests: w.retryTests(heads), RetryOnFalse: w.failOnFalse, Bound: w.bound, Uncounted: uncounted, Moves: w.moves, StatePoll: w.stateOps}
	if w.polls {
		s.DoneTests = w.doneConds
	}
	s.Failover = targets
	s.LockWait = w.waitsForLock(s.RetryTests)
	if resolvesCollisions(info, s, loop) {
		return nil // a new candidate for a taken name: not a retry
	}
	if ticker {
		// time.Tick(d) is the wait; a ticker's C is judged through the
		// time.NewTicker that made it (nojitter's tickerWaits).
		if call, ok := ast.Unparen(loop.(*ast.RangeStmt).X).(*ast.CallExpr); ok {
			s.Waits = append(s.Waits, call)
		}
	} else if iter != nil {
		// The iterator's wait between yields is the loop's wait.
		call := ast.Unparen(loop.(*ast.RangeStmt).X).(*ast.CallExpr)
		s.Waits = append(s.Waits, call)
		s.WaitHelpers = map[*ast.CallExpr]*site.WaitFact{call: iter}
	}
	if w.backsOff {
		s.Waits = append(s.Waits, madeTimers(info, body, fl)...)
	}
	forState := w.stateWaits(body)
	for _, n := range w.path {
		ast.Inspect(n, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.CallExpr:
				if forState[n] {
					return true // waits for capacity, not after a failure (statewait.go)
				}
				if _, ok := libs.Waits.Lookup(libs.Callee(info, n)); ok {
					s.Waits = append(s.Waits, n)
				} else if wf := waitOf(n); wf != nil {
					s.Waits = append(s.Waits, n)
					if s.WaitHelpers == nil {
						s.WaitHelpers = map[*ast.CallExpr]*site.WaitFact{}
					}
					s.WaitHelpers[n] = wf
				}
			}
			return true
		})
	}
	if w.polls && len(s.Waits) == 0 && !receivesTick(info, w.path) && !errRetried {
		// A poll that does not wait is a loop we cannot judge; one whose
		// failed call goes round too retries at once (for range 3 {
		// ret, err := c.Exchange(m); if err != nil { continue }; if
		// ret.Rcode == RcodeSuccess { return nil } }).
		return nil
	}
	if stream && len(s.Waits) == 0 {
		// for { if err := dec.Decode(&ev); err != nil { continue }; return ev }:
		// going round at once after a failed read skips a bad message;
		// waiting first (sub.Receive failed: back off) retries the read.
		return nil
	}
	return s
}

// again walks the loop once more, from a fresh reading of its body,
// with what set changes in how the walk reads it (a poll's done test, a
// rotated loop, a flag that says "try again").
func (w *loopWalk) again(body *ast.BlockStmt, cond ast.Expr, iter *site.WaitFact, entry *cfg.Block, heads map[*cfg.Block]bool, set func(p *loopWalk)) *loopWalk {
	p := newLoopWalk(w.info, w.loop, w.waitOf, w.facts, w.lockOf, w.fl)
	p.backsOff, p.stream = w.backsOff, w.stream
	p.readBody(body)
	p.g = w.g
	set(p)
	p.run(cond, iter, entry, heads)
	return p
}

func newLoopWalk(info *types.Info, loop ast.Stmt, waitOf func(*ast.CallExpr) *site.WaitFact, facts func(*types.Func) *status.RespFact, lockOf func(*ast.CallExpr) int, fl *fails.Fails) *loopWalk {
	out := status.NewOutcomes(info, facts)
	if fl != nil {
		out.Pending = fl.Pending
	}
	out.Pending = status.PendingIn(info, loop, out.Pending)
	return &loopWalk{
		info: info, loop: loop, waitOf: waitOf, lockOf: lockOf, facts: facts, fl: fl,
		lockResults:  map[types.Object]bool{},
		out:          out,
		opAssigns:    map[ast.Node]bool{},
		swallowed:    map[ast.Node]bool{},
		boolResults:  map[types.Object]bool{},
		retryFlags:   map[types.Object]bool{},
		nilResults:   map[types.Object]bool{},
		boolCalls:    map[*ast.CallExpr]bool{},
		errCalls:     map[*ast.BinaryExpr]bool{},
		resultFields: map[types.Object]bool{},
		condVars:     map[types.Object]bool{},
		visited:      map[[5]int]bool{},
		exitsOK:      map[*cfg.Block]bool{},
		pathSeen:     map[ast.Node]bool{},
		okSeen:       map[ast.Node]bool{},
		attemptSeen:  map[ast.Node]bool{},
	}
}

// run walks the loop's body from its entry, after reading its condition.
func (w *loopWalk) run(cond ast.Expr, iter *site.WaitFact, entry *cfg.Block, heads map[*cfg.Block]bool) {
	info := w.info
	start := before
	if w.rotated {
		start = unknown
	}
	if cond != nil {
		t, f := w.branch(cond)
		if t == failure || f == success {
			// for err != nil { ... }: every iteration follows a failure,
			// and the condition's false edge is the success exit.
			start, w.successExit, w.condFails = failure, true, true
			w.tests = append(w.tests, cond)
		}
		// for !r.closed.Load(): a stop flag someone else sets ends the
		// retries like a context, as it does in the body (stops).
		if w.bounder().bounds(cond) || w.stops(cond) {
			w.bound, w.headBound = cond, true
		}
		if w.testsResult(cond) {
			// for conn == nil { conn, err = dial() ... }: the result the
			// attempt fills in ends the loop.
			w.successExit, w.condExit = true, true
		}
		w.cond = cond
		ast.Inspect(cond, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				if obj := info.ObjectOf(id); obj != nil {
					w.condVars[obj] = true
				}
			}
			return true
		})
	}
	if r, ok := w.loop.(*ast.RangeStmt); ok && (iter == nil || iter.Bounded) {
		w.bound, w.headBound = r.X, true
	}
	w.visit(entry, start, false, false, noRepair, heads)
}

// rejected reports whether the walk found a loop that is not a retry: it
// goes round after an attempt that did not fail, it repeats work, not a
// failed attempt: it iterates (unless its condition is the way out after
// a success, as in for !done).
func (w *loopWalk) rejected() bool {
	// A loop that backs off each round reconnects whether the connection
	// ended well or badly: its "success" going round is part of it.
	okBack := w.okBack && !(w.backsOff && w.reconnects())
	if w.failBack && w.okBack && w.retriesApart() {
		return w.usesFailedResult() || w.restartsSyscall()
	}
	return !w.failBack || !w.successExit && !w.reconnects() && !w.readsUntilBroken() || okBack && !w.condExit || w.usesFailedResult() || w.restartsSyscall()
}

// readsUntilBroken reports whether the loop connects and then reads the
// connection in an inner loop until a read fails, and goes round to
// connect again only then: for { conn, err := dial(); if err != nil {
// sleep; continue }; for { if _, err := conn.Read(b); err != nil { break
// } } }. No path goes round after a success and none leaves: every round
// follows a failure, of the dial or of the stream. RULES.md counts such a
// reconnect loop as a retry loop.
func (w *loopWalk) readsUntilBroken() bool {
	if !w.failBack || w.okBack || w.unsureBack || len(w.moves) > 0 {
		return false // a success that moves on (iterator = next) is not seen going round
	}
	body := site.LoopBody(w.loop)
	return astutil.Some(body, func(n ast.Node) bool {
		_, ok := n.(*ast.ForStmt) // reads until broken; a range visits what a call returned
		return ok
	}) && w.establishes(body)
}

// establishes reports whether the loop body makes an attempt of its own
// outside its inner loops: the dial or subscribe a reconnect loop repeats.
// A loop whose every attempt is an inner loop's read (for i < b.N { it :=
// newIter(); for { if _, err := it.Next(); err != nil { break } } })
// drains a new stream each round and re-establishes nothing that failed.
func (w *loopWalk) establishes(body *ast.BlockStmt) bool {
	inner := map[ast.Node]bool{}
	ast.Inspect(body, func(n ast.Node) bool {
		switch l := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ForStmt, *ast.RangeStmt:
			ast.Inspect(l, func(m ast.Node) bool {
				inner[m] = true
				return true
			})
			return false
		}
		return true
	})
	for n := range w.opAssigns {
		if !inner[n] {
			return true
		}
	}
	return false
}

// goesRound keeps the nodes from which a path leads to the next
// iteration: what runs only on paths that leave the loop (a request sent
// once the poll succeeded, whatever its outcome) is never run again.
func (w *loopWalk) goesRound(nodes []ast.Node, heads map[*cfg.Block]bool) []ast.Node {
	round := w.roundBlocks(heads)
	keep := map[ast.Node]bool{}
	for b := range round {
		for _, n := range b.Nodes {
			keep[n] = true
		}
	}
	var out []ast.Node
	for _, n := range nodes {
		if keep[n] {
			out = append(out, n)
		}
	}
	return out
}

// retryTests keeps the failure tests whose failure side can lead to the
// next iteration: a test whose failure leaves the loop (case err != nil:
// return err) retries nothing.
func (w *loopWalk) retryTests(heads map[*cfg.Block]bool) []ast.Expr {
	round := w.roundBlocks(heads)
	var out []ast.Expr
	for _, t := range w.tests {
		succs, ok := w.failSuccs[t]
		if !ok {
			out = append(out, t) // the loop's own condition, or a test with no failure side
			continue
		}
		for _, s := range succs {
			if round[s] || heads[s] {
				out = append(out, t)
				break
			}
		}
	}
	return out
}

// roundBlocks returns the blocks of the loop from which a path leads to
// the next iteration.
func (w *loopWalk) roundBlocks(heads map[*cfg.Block]bool) map[*cfg.Block]bool {
	preds := map[*cfg.Block][]*cfg.Block{}
	for _, b := range w.g.Blocks {
		for _, s := range b.Succs {
			preds[s] = append(preds[s], b)
		}
	}
	round := map[*cfg.Block]bool{}
	var work []*cfg.Block
	for h := range heads {
		work = append(work, h)
	}
	for len(work) > 0 {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		for _, p := range preds[b] {
			if !round[p] && w.member(p) {
				round[p] = true
				work = append(work, p)
			}
		}
	}
	return round
}

// collectOps finds the assignments in the body that store an attempt's
// outcome, and the variables they define.
func (w *loopWalk) collectOps(body *ast.BlockStmt) {
	nodes := []ast.Node{body}
	if l, ok := w.loop.(*ast.ForStmt); ok && l.Post != nil {
		// for err := f(); err != nil; err = f() { sleep }: the post
		// statement makes each later attempt.
		nodes = append(nodes, l.Post)
	}
	for _, n := range nodes {
		w.collectOpsIn(body, n)
	}
	w.noteCopiedOut(body)
	w.dropUntested()
}

func (w *loopWalk) collectOpsIn(body *ast.BlockStmt, root ast.Node) {
	ast.Inspect(root, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		if w.boolAttempt(n) || w.nilAttempt(n) {
			return true
		}
		if ifs, ok := n.(*ast.IfStmt); ok {
			w.boolCondAttempts(ifs.Cond)
		}
		if w.out.NoteMapped(n) {
			return true
		}
		if w.loggedAttempt(n) != nil {
			w.opAssigns[n] = true // log.Println(serve(l)): failed, and logged
			return true
		}
		if w.swallowedAttempt(n) != nil {
			w.opAssigns[n] = true // runOnce(): it failed or ended, and said nothing
			w.swallowed[n] = true
			return true
		}
		if obj := failureReceived(w.info, body, n); obj != nil {
			// go func() { ...; if err != nil { errs <- err } }(); ...;
			// case err := <-errs: the attempt of the round failed.
			w.opAssigns[n] = true
			w.swallowed[n] = true
			w.out.Errs[obj] = true
			return true
		}
		lhs, ok := status.IsOpAssign(w.info, n)
		if !ok {
			return true
		}
		if _, call := site.OpParts(n); call != nil && w.waitOf(call) != nil {
			return true // err := sleep(ctx, d): the wait, not an attempt
		}
		if _, call := site.OpParts(n); call != nil && w.decidesOn(call) {
			return true // keepTrying, replacement := cb(i, err): a decision on the failure
		}
		if _, call := site.OpParts(n); call != nil && w.fl != nil && w.fl.StoredErr(call) {
			return true // err := c.lastErr(): state an earlier attempt left
		}
		if w.computesDelay(body, lhs) {
			return true
		}
		w.opAssigns[n] = true
		w.noteBoolResults(n, lhs)
		for _, l := range lhs {
			if sel, ok := ast.Unparen(l).(*ast.SelectorExpr); ok && !site.IsErrorType(w.info.TypeOf(sel)) {
				w.resultFields[w.info.ObjectOf(sel.Sel)] = true
			}
			id, ok := l.(*ast.Ident)
			if !ok || id.Name == "_" {
				continue
			}
			obj := w.info.ObjectOf(id)
			if site.IsErrorType(obj.Type()) {
				w.out.Errs[obj] = true
			} else {
				w.out.Derived[obj] = true
			}
		}
		return true
	})
}

// boolAttempt notes ok := probe(), a call whose one bool result is false
// when it fails (fails.FalseOnErrorFact): an attempt whose true is its
// success.
func (w *loopWalk) boolAttempt(n ast.Node) bool {
	as, ok := n.(*ast.AssignStmt)
	if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 || w.fl == nil {
		return false
	}
	id, ok := as.Lhs[0].(*ast.Ident)
	call, isCall := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
	if !ok || !isCall || id.Name == "_" || !site.IsBool(w.info.TypeOf(id)) || !w.fl.FalseOnError(call) {
		return false
	}
	w.opAssigns[n] = true
	w.boolResults[w.info.ObjectOf(id)] = true
	return true
}

// boolCondAttempts notes the attempts an if condition makes and tests at
// once (if probe() { return nil }, if !probe() || n > 3), each a call
// whose one bool result is false when it fails. The node marked is the
// one the CFG holds: the condition's leaf, its parentheses stripped.
func (w *loopWalk) boolCondAttempts(cond ast.Expr) {
	leaf := ast.Unparen(cond)
	if b, ok := leaf.(*ast.BinaryExpr); ok && (b.Op == token.LAND || b.Op == token.LOR) {
		w.boolCondAttempts(b.X)
		w.boolCondAttempts(b.Y)
		return
	}
	e := leaf
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.NOT {
		e = ast.Unparen(u.X)
	}
	if call, ok := e.(*ast.CallExpr); ok && w.fl != nil && w.fl.FalseOnError(call) {
		w.opAssigns[leaf] = true
		w.boolCalls[call] = true
	}
	if b, ok := e.(*ast.BinaryExpr); ok && w.errCallTest(b) {
		w.opAssigns[leaf] = true
		w.errCalls[b] = true
	}
}

// errCallTest reports whether b compares with nil the one error result
// of a call that is an attempt (not a wait, not an earlier attempt's
// error read back).
func (w *loopWalk) errCallTest(b *ast.BinaryExpr) bool {
	if b.Op != token.EQL && b.Op != token.NEQ {
		return false
	}
	x, y := ast.Unparen(b.X), ast.Unparen(b.Y)
	if site.IsNil(w.info, x) {
		x, y = y, x
	}
	call, ok := x.(*ast.CallExpr)
	if !ok || !site.IsNil(w.info, y) || !site.IsErrorType(w.info.TypeOf(call)) || w.waitOf(call) != nil {
		return false
	}
	if tv, ok := w.info.Types[call.Fun]; ok && (tv.IsType() || tv.IsBuiltin()) {
		return false
	}
	fn := libs.Callee(w.info, call)
	if _, ok := libs.TimeOrContext.Lookup(fn); ok || fn != nil && fn.Name() == "Err" {
		return false // ctx.Err(), rows.Err(): an error kept, not an attempt
	}
	return w.fl == nil || !w.fl.StoredErr(call)
}

// nilAttempt notes reply, resp := connect(), a call whose first result,
// a pointer, is nil when it fails (fails.NilOnErrorFact): an attempt
// whose non-nil answer is its success.
func (w *loopWalk) nilAttempt(n ast.Node) bool {
	as, ok := n.(*ast.AssignStmt)
	if !ok || len(as.Rhs) != 1 || w.fl == nil {
		return false
	}
	id, ok := as.Lhs[0].(*ast.Ident)
	call, isCall := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
	if !ok || !isCall || id.Name == "_" || !w.fl.NilOnError(call) {
		return false
	}
	w.opAssigns[n] = true
	w.nilResults[w.info.ObjectOf(id)] = true
	return true
}

// pollsFlag reports whether the loop goes round only on a false boolean
// answer that says no lock (found, err := find(ctx); if err != nil {
// return err }; if found { return nil }; wait): every failed call leaves,
// and the false answer is a successful "not yet", so the loop is a poll
// for state, not a retry (RULES.md, "Vocabulary"). A walk that reads such
// booleans as saying nothing must then find no failed or untested attempt
// going round. A lock not taken is a failure whatever the walk (waiting
// for a lock is a retry).
func (w *loopWalk) pollsFlag(body *ast.BlockStmt, cond ast.Expr, iter *site.WaitFact, entry *cfg.Block, heads map[*cfg.Block]bool) bool {
	if len(w.boolResults) == len(w.lockResults) {
		return false
	}
	q := newLoopWalk(w.info, w.loop, w.waitOf, w.facts, w.lockOf, w.fl)
	q.readBody(body)
	for obj := range q.boolResults {
		if !q.lockResults[obj] {
			delete(q.boolResults, obj)
		}
	}
	q.g, q.rotated = w.g, w.rotated
	q.run(cond, iter, entry, heads)
	return !q.failBack && !q.unsureBack
}

// noteBoolResults notes the boolean results of the attempt n: the one
// that says whether a lock was taken, whatever the arity (shouldDeclare,
// hasLocked, err := acquire(ctx)), and the bool of a (bool, error)
// attempt (found, err := find(ctx)), which poll tells from a retry's.
func (w *loopWalk) noteBoolResults(n ast.Node, lhs []ast.Expr) {
	if !site.IsErrorType(w.info.TypeOf(lhs[len(lhs)-1])) {
		return
	}
	lock := -1
	_, call := site.OpParts(n)
	if call != nil && w.lockOf != nil {
		lock = w.lockOf(call)
	}
	for i, l := range lhs[:len(lhs)-1] {
		id, ok := l.(*ast.Ident)
		if !ok || id.Name == "_" || !site.IsBool(w.info.TypeOf(id)) {
			continue
		}
		obj := w.info.ObjectOf(id)
		switch {
		case i == lock:
			w.boolResults[obj], w.lockResults[obj] = true, true
		case len(lhs) == 2:
			if w.fl != nil && w.fl.RetryFlag(call) {
				w.retryFlags[obj] = true // retry, err := c.do(req): maybe true when it failed
			}
			w.boolResults[obj] = true
		}
	}
}

// indexesByCounter reports whether the body indexes with the loop's
// counter (items[i]): an index loop over a collection, not a retry. A
// schedule of delays indexed by the attempt (time.Sleep(schedule[i]))
// is how long to wait before trying again, not the next item.
func (w *loopWalk) indexesByCounter(body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if ix, ok := n.(*ast.IndexExpr); ok && !libs.IsNamed(w.info.TypeOf(ix), "time", "Duration") {
			if id, ok := ast.Unparen(ix.Index).(*ast.Ident); ok && w.bounder().counters[w.info.ObjectOf(id)] {
				if _, isMap := w.info.TypeOf(ix.X).Underlying().(*types.Map); !isMap {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// blocks finds the loop body's entry block and the blocks that start the
// next iteration (the condition, the post statement, or the body itself).
func (w *loopWalk) blocks() (entry *cfg.Block, heads map[*cfg.Block]bool) {
	heads = map[*cfg.Block]bool{}
	for _, b := range w.g.Blocks {
		if b.Stmt != w.loop {
			continue
		}
		switch b.Kind {
		case cfg.KindForBody, cfg.KindRangeBody:
			entry = b
		case cfg.KindForLoop, cfg.KindForPost, cfg.KindRangeLoop:
			heads[b] = true
		}
	}
	if f, ok := w.loop.(*ast.ForStmt); ok && f.Cond == nil && f.Post == nil {
		heads[entry] = true
	}
	return entry, heads
}

func (w *loopWalk) inside(n ast.Node) bool {
	return n != nil && w.loop.Pos() <= n.Pos() && n.End() <= w.loop.End()
}

// member reports whether control in block b is still inside the loop.
func (w *loopWalk) member(b *cfg.Block) bool {
	if b.Stmt == w.loop {
		return b.Kind != cfg.KindForDone && b.Kind != cfg.KindRangeDone
	}
	if len(b.Nodes) > 0 {
		return w.inside(b.Nodes[0])
	}
	if b.Stmt != nil {
		return w.inside(b.Stmt)
	}
	// An empty label block: inside if it leads back into the loop.
	for _, s := range b.Succs {
		if s != b && (s.Stmt == w.loop || (len(s.Nodes) > 0 && w.inside(s.Nodes[0]))) {
			return true
		}
	}
	return false
}

// byStatus says that the failure st records was found by a test of the
// response (its status), not of the error: a later err == nil only says the
// request got an answer, and does not turn that failure into a success.
// repair says how far the path is into a repair step (repairing, below).
func (w *loopWalk) visit(b *cfg.Block, st state, bounded, byStatus bool, repair repairing, heads map[*cfg.Block]bool) {
	key := [5]int{int(b.Index), int(st), b2i(bounded), b2i(byStatus), int(repair)}
	if w.visited[key] {
		return
	}
	w.visited[key] = true
	var last ast.Node
	for _, n := range b.Nodes {
		if w.moves[n] {
			return // the next attempt sends something else
		}
		if as, ok := n.(*ast.AssignStmt); ok && w.cond != nil {
			if _, ends := site.EndsLoop(w.info, w.cond, as); ends {
				w.exit(st) // err = os.ErrDeadlineExceeded: the condition ends the loop
				return
			}
		}
		if w.opAssigns[n] {
			byStatus = false // a new outcome
			if st == failure && repair == failedHere {
				repair = repaired // if err := m.refresh(); err != nil {...}
			}
		}
		if w.opAssigns[n] && w.neverSucceeds(n) {
			st = failure // err := stream(ctx): it returned, so it failed
			if repair != repaired {
				repair = failedHere
			}
		} else if w.opAssigns[n] && st != failure && w.stateOps {
			st = success // state read: nothing failed
		} else if w.opAssigns[n] && st != failure {
			if st == success || st == after {
				st = after // conn, err := dial(); ...; _, err = conn.Write(b); return err
			} else {
				st = unknown
			}
		}
		if holds, ok := w.out.Required(n); ok && st != before {
			if st == failure && holds == success || st == success && holds == failure {
				return // require.NoError(t, err) failed: the test ends here
			}
			st = holds
		}
		if st == success {
			w.noteSuccessAssign(n)
		}
		if st != success && !w.attemptSeen[n] {
			w.attemptSeen[n] = true
			w.attempt = append(w.attempt, n)
		}
		if st == failure {
			w.failed = append(w.failed, n)
		}
		if st == success || st == after || st == before {
			w.okSeen[n] = true
		}
		if (st == failure || st == before) && !w.pathSeen[n] {
			w.pathSeen[n] = true
			w.path = append(w.path, n)
		}
		last = n
	}
	if len(b.Succs) == 0 {
		if b.Return() != nil {
			w.exit(st) // a panic or log.Fatal is not a way out of a retry
		}
		return
	}
	next := []state{st, st}
	nextByStatus := []bool{byStatus, byStatus}
	nextRepair := []repairing{repair, repair}
	sideBound := [2]bool{} // the side of a condition that passed a bound
	if cond, ok := last.(ast.Expr); ok && len(b.Succs) == 2 {
		t, f := w.branch(cond)
		if i, ok := w.compoundDone(cond, b, heads); ok && (st == unknown || st == after) {
			// if err == nil && u != nil { return u }: the other side
			// is a failure or a "not yet" (poll.go).
			w.sawDone = true
			w.doneConds = append(w.doneConds, cond)
			round := mixed
			if w.polls {
				round = failure
			}
			if i == 0 {
				f = round
			} else {
				t = round
			}
		}
		if st == failure && repair == repaired && w.repairCheck(cond, t, f, b, heads) {
			// A repair step's own check (the token refresh failed: give
			// up) says nothing of the failed attempt, which still failed.
			t, f = keep, keep
		}
		if t != keep || f != keep {
			w.tests = append(w.tests, cond)
			if w.failSuccs == nil {
				w.failSuccs = map[ast.Expr][]*cfg.Block{}
			}
			for i, side := range []state{t, f} {
				if side == failure {
					w.failSuccs[cond] = append(w.failSuccs[cond], b.Succs[i])
				}
			}
			if t != failure && f == failure {
				if w.failOnFalse == nil {
					w.failOnFalse = map[ast.Expr]bool{}
				}
				w.failOnFalse[cond] = true
			}
		}
		if st != before && (t != keep || f != keep) {
			if st == failure && byStatus && w.out.ErrTestOnly(cond) {
				t, f = failure, failure // resp, err := c.Do(req); if err == nil && !ok(resp) {...}; if err == nil {...}
			}
			next[0], next[1] = tested(st, t), tested(st, f)
			for i, side := range []state{t, f} {
				if side != keep {
					nextByStatus[i] = next[i] == failure && (byStatus || !w.out.ErrTestOnly(cond))
				}
				if next[i] == failure && st != failure {
					nextRepair[i] = failedHere
				} else if next[i] != failure {
					nextRepair[i] = noRepair
				}
			}
		}
		if st == success && t == keep && f == keep {
			if i := w.doneTest(cond, b, heads); i >= 0 {
				w.sawDone = true
				w.doneConds = append(w.doneConds, cond)
				if w.polls {
					// The result says not yet: read as a failure, for the
					// poll retries its failures too, but a "not yet" needs
					// no limit of its own (a status poll, RULES.md).
					next[1-i] = failure
					sideBound[1-i] = true
				}
			}
		}
		// A test that finds the failure and asks the counter in one
		// condition (resp.StatusCode >= 500 && retries > 0) bounds the
		// side it sends round.
		if (st != success || t == failure || f == failure) && w.boundsHere(cond, b, heads) {
			sideBound = boundSides(cond)
			if w.zeroMeansNoLimit(cond) {
				sideBound = [2]bool{true, true} // max != 0 && try >= max (nolimit.go)
			}
			if w.bound == nil {
				w.bound = cond
			}
		}
	}
	for i, s := range b.Succs {
		st2 := next[min(i, 1)]
		if st2 != success && s.Kind == cfg.KindSelectAfterCase {
			if cc, ok := s.Stmt.(*ast.CommClause); ok && w.selectEnds(cc, heads) {
				// Past a case that ends the retries (select { case <-quit:
				// return; default: }): each round asks the channel first.
				bounded = true
				if w.bound == nil {
					w.bound = cc
				}
			}
		}
		if st2 != success && s.Kind == cfg.KindSelectCaseBody {
			if cc, ok := s.Stmt.(*ast.CommClause); ok && w.selectEnds(cc, heads) {
				// The select waits on a channel that ends the retries: every
				// case of it has passed the bound.
				bounded = true
			}
			if cc, ok := s.Stmt.(*ast.CommClause); ok && caseEndsRetries(w.info, cc) && w.canExit(s, heads) {
				if w.bound == nil && (st2 == failure || st2 == before) {
					w.bound = cc
				}
			}
		}
	}
	for i, s := range b.Succs {
		st2 := next[min(i, 1)]
		if w.polls && st2 == success && w.searchEnds(s) {
			st2 = failure // for _, p := range parts { if p.ID == id {...} }: not found
		}
		if st2 != before && st2 != failure && w.errorCase(s) {
			st2 = failure // switch v := psc.Receive().(type) { case error: ... }
		}
		if heads[s] && w.condFails && (st2 == after || st2 == unknown || st2 == mixed) {
			// for err != nil { req, err = build(); ...; err = send(req) }:
			// the condition tests the latest error, so an untested one
			// goes round only when it failed.
			st2 = failure
		}
		switch {
		case heads[s]:
			switch st2 {
			case failure:
				w.failBack = true
				if !bounded && !sideBound[min(i, 1)] {
					w.unboundedPath = true
				}
			case success:
				// for err != nil { ... }: the condition, which tests the
				// attempt's error, ends the loop after a success.
				if w.guarded {
					w.successExit = true // the next rounds skip the attempt
				} else if !w.condFails {
					w.okBack = true
				}
			case unknown, mixed:
				w.okBack, w.unsureBack = true, true
			case after:
				if w.guarded {
					w.successExit = true
				} else {
					w.okBack = true
				}
			}
		case !w.member(s):
			w.exit(st2)
		default:
			w.visit(s, st2, bounded || sideBound[min(i, 1)], nextByStatus[min(i, 1)], nextRepair[min(i, 1)], heads)
		}
	}
}

// errorCase reports whether b is the body of a type switch's case that
// only errors match (case error:, case *net.OpError:): a call that
// returns either its result or an error in one value (redigo's
// PubSubConn.Receive) failed when its value is one.
func (w *loopWalk) errorCase(b *cfg.Block) bool {
	cc, ok := b.Stmt.(*ast.CaseClause)
	if !ok || b.Kind != cfg.KindSwitchCaseBody || len(cc.List) == 0 {
		return false
	}
	for _, e := range cc.List {
		tv, ok := w.info.Types[e]
		if !ok || !tv.IsType() || !w.isError(tv.Type) {
			return false
		}
	}
	return true
}

// selectEnds reports whether the select statement holding case cc has a
// case that receives from a channel and leaves the loop (<-ctx.Done(),
// <-quit): the select bounds the retries whichever case it takes.
func (w *loopWalk) selectEnds(cc *ast.CommClause, heads map[*cfg.Block]bool) bool {
	if w.selects == nil {
		w.selects = map[*ast.CommClause]bool{}
		cases := map[*ast.CommClause]*cfg.Block{}
		for _, b := range w.g.Blocks {
			if c, ok := b.Stmt.(*ast.CommClause); ok && b.Kind == cfg.KindSelectCaseBody {
				cases[c] = b
			}
		}
		ast.Inspect(w.loop, func(n ast.Node) bool {
			sel, ok := n.(*ast.SelectStmt)
			if !ok {
				return true
			}
			ends := false
			for _, c := range sel.Body.List {
				c := c.(*ast.CommClause)
				if b := cases[c]; b != nil && caseEndsRetries(w.info, c) && w.canExit(b, heads) {
					ends = true
				}
			}
			for _, c := range sel.Body.List {
				w.selects[c.(*ast.CommClause)] = ends
			}
			return true
		})
	}
	return w.selects[cc]
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// repairing says whether a path that failed went on to repair the
// failure before going round (refresh a token, remove a conflicting
// version): a test of the repair's own error then says nothing of the
// attempt. Only a failure found by a test in this round counts: the
// attempt of a for err != nil loop runs after a failure too.
type repairing int

const (
	noRepair   repairing = iota
	failedHere           // a test in this round found the attempt failed
	repaired             // and another operation ran since
)

// repairCheck reports whether cond, met after a failed attempt and
// another operation since, is that operation's own check: it tests only
// the errors of the operation its if statement runs first, and its
// failure side gives up (leaves the loop without going round), or, for
// a check of its own statement, neither side can leave the loop (a
// clean-up logged either way). A second
// operation whose failure goes round and whose success leaves (a helper
// that waits and then pings) is part of the attempt, and its success is
// one.
func (w *loopWalk) repairCheck(cond ast.Expr, t, f state, b *cfg.Block, heads map[*cfg.Block]bool) bool {
	if w.out.ErrTestOnly(cond) && !w.initRunsOp(cond) && !w.canExit(b.Succs[0], heads) && !w.canExit(b.Succs[1], heads) {
		// err = conn.WriteJSON(reset); if err != nil { log }: both sides
		// go round; the clean-up's outcome decides nothing, tested where
		// it is made or not (if err := os.RemoveAll(dir); err != nil {
		// log }). (An if whose init runs an operation it is handed, if
		// err := sleepThenPing(op); err != nil { continue }, tries again
		// in its own right: its success is one.)
		return true
	}
	if !w.out.ErrTestOnly(cond) {
		return false
	}
	if !w.checksOwnInit(cond) {
		// _, err = db.Exec(terminateStale); if err != nil { return err };
		// continue: a repair that gives up when it fails, and goes round
		// to the failed attempt when it worked.
		return w.givesUpOrRetries(t, f, b, heads)
	}
	for i, side := range []state{t, f} {
		if side == failure && w.reachesHead(b.Succs[i], heads) {
			return false
		}
	}
	return t == failure || f == failure
}

// givesUpOrRetries reports whether, of a check's two sides, the failure
// side cannot go round and the other reaches the loop's head only.
func (w *loopWalk) givesUpOrRetries(t, f state, b *cfg.Block, heads map[*cfg.Block]bool) bool {
	for i, side := range []state{t, f} {
		other := b.Succs[1-i]
		if side == failure {
			return !w.reachesHead(b.Succs[i], heads) && w.reachesHead(other, heads) && !w.exitsBesidesGivingUp(other, heads)
		}
	}
	return false
}

// initRunsOp reports whether cond tests the error of its if's init, a
// call handed a function to run.
func (w *loopWalk) initRunsOp(cond ast.Expr) bool {
	if !w.checksOwnInit(cond) {
		return false
	}
	found := false
	ast.Inspect(w.loop, func(n ast.Node) bool {
		ifs, ok := n.(*ast.IfStmt)
		if !ok || ifs.Cond != cond {
			return !found
		}
		_, call := site.OpParts(ifs.Init)
		for _, a := range callArgs(call) {
			if t := w.info.TypeOf(a); t != nil {
				_, isFunc := t.Underlying().(*types.Signature)
				found = found || isFunc
			}
		}
		return false
	})
	return found
}

func callArgs(call *ast.CallExpr) []ast.Expr {
	if call == nil {
		return nil
	}
	return call.Args
}

// checksOwnInit reports whether cond is the condition of an if statement
// whose init runs an operation (if err := m.refresh(); err != nil): the
// check belongs to that operation, not to an attempt made before it.
func (w *loopWalk) checksOwnInit(cond ast.Expr) bool {
	if w.initConds == nil {
		w.initConds = map[ast.Expr]bool{}
		ast.Inspect(w.loop, func(n ast.Node) bool {
			if ifs, ok := n.(*ast.IfStmt); ok && ifs.Init != nil && w.opAssigns[ifs.Init] {
				w.initConds[ifs.Cond] = true
			}
			return true
		})
	}
	return w.initConds[cond]
}

// boundSides says which sides of a bounding condition have passed the
// bound: both for a plain comparison (n < max), only the true side of a
// conjunction (retryable(err) && n < max: false when not retryable, the
// counter unread) and only the false side of a disjunction.
func boundSides(cond ast.Expr) [2]bool {
	e := ast.Unparen(cond)
	neg := false
	for {
		u, ok := e.(*ast.UnaryExpr)
		if !ok || u.Op != token.NOT {
			break
		}
		e, neg = ast.Unparen(u.X), !neg
	}
	sides := [2]bool{true, true}
	if b, ok := e.(*ast.BinaryExpr); ok {
		switch b.Op {
		case token.LAND:
			sides = [2]bool{true, false}
		case token.LOR:
			sides = [2]bool{false, true}
		}
	}
	if neg {
		sides[0], sides[1] = sides[1], sides[0]
	}
	return sides
}

// boundsHere reports whether the test cond, ending block b, can end the
// retries: it asks about a counter, the clock, a context or a stop signal
// and a way out of the loop follows; or it tests the result of a
// context-aware call (a wait helper's error) and the way out is taken when
// that result says the context is done.
func (w *loopWalk) boundsHere(cond ast.Expr, b *cfg.Block, heads map[*cfg.Block]bool) bool {
	if e, ok := ast.Unparen(cond).(*ast.BinaryExpr); ok && w.errCalls[e] {
		return false // if c.probe() == nil: the attempt, not a stop flag
	}
	// A side that leaves the loop only through another attempt's success
	// (if wait > 600 { wait = 600 }, then the attempt) clamps a value; it
	// bounds nothing.
	if (w.bounder().bounds(cond) || w.stops(cond)) && (w.exitsBeforeAttempt(b.Succs[0], heads) || w.exitsBeforeAttempt(b.Succs[1], heads)) {
		return true
	}
	if i := w.bounder().ctxExit(cond); i >= 0 {
		// The stopped side leaves before another operation runs: a
		// repair's own failure that returns is not the context's. It
		// must leave on every path: if err != nil { log(err) } says
		// nothing of the context, even when a later test may leave.
		return w.leavesBeforeAttempt(b.Succs[i], heads)
	}
	return false
}

// tested is the state after a test of the outcome whose branch says b.
func tested(st, b state) state {
	switch {
	case b != keep:
		return b
	case st == unknown:
		return mixed
	}
	return st
}

// exit notes a way out of the loop taken in state st: after a success
// (even if another operation ran since, whose error is returned), or on a
// path that may follow one.
func (w *loopWalk) exit(st state) {
	if st == success || st == mixed || st == after {
		w.successExit = true
	}
}

// noteSuccessAssign sees `done = true` (a constant or a boolean) on a success path of a loop whose
// condition reads done: the condition is then the success exit.
func (w *loopWalk) noteSuccessAssign(n ast.Node) {
	as, ok := n.(*ast.AssignStmt)
	if !ok {
		return
	}
	for i, l := range as.Lhs {
		id, ok := l.(*ast.Ident)
		if !ok || !w.condVars[w.info.ObjectOf(id)] || len(as.Rhs) != len(as.Lhs) {
			continue
		}
		// A flag (done = true, ok = cond) ends the loop, and so does the
		// attempt's result kept for after it (conn = c in for conn ==
		// nil); an accumulator (msgs = append(msgs, m)) only moves it on.
		if tv, ok := w.info.Types[as.Rhs[i]]; ok && (tv.Value != nil || site.IsBool(tv.Type)) || w.out.IsDerived(as.Rhs[i]) {
			w.successExit, w.condExit = true, true
		}
	}
}

// canExit reports whether some path from b leaves the loop without starting
// another iteration.
func (w *loopWalk) canExit(b *cfg.Block, heads map[*cfg.Block]bool) bool {
	return w.exits(b, heads, true)
}

// exitsBeforeAttempt reports whether some path from b leaves the loop
// without running an attempt on the way.
func (w *loopWalk) exitsBeforeAttempt(b *cfg.Block, heads map[*cfg.Block]bool) bool {
	return w.exits(b, heads, false)
}

// leavesBeforeAttempt reports whether every path from b leaves the loop
// without running an attempt on the way.
func (w *loopWalk) leavesBeforeAttempt(b *cfg.Block, heads map[*cfg.Block]bool) bool {
	seen := map[*cfg.Block]bool{}
	var walk func(b *cfg.Block) bool
	walk = func(b *cfg.Block) bool {
		switch {
		case heads[b]:
			return false
		case !w.member(b):
			return true
		case seen[b]:
			return true // a cycle inside the round: judged where it leaves
		}
		seen[b] = true
		if slices.ContainsFunc(b.Nodes, func(n ast.Node) bool { return w.opAssigns[n] }) {
			return false
		}
		if len(b.Succs) == 0 {
			return b.Return() != nil || len(b.Nodes) > 0 && isNoReturnStmt(b.Nodes[len(b.Nodes)-1])
		}
		for _, s := range b.Succs {
			if !walk(s) {
				return false
			}
		}
		return true
	}
	return walk(b)
}

// exitsBesidesGivingUp reports whether some path from b leaves the loop
// other than by the failure side of an error test (the next repair step
// failed: retry.Body, err = req.GetBody(); if err != nil { return err }):
// giving up is no success that ends the retries.
func (w *loopWalk) exitsBesidesGivingUp(b *cfg.Block, heads map[*cfg.Block]bool) bool {
	return w.exitsBy(b, heads, true, true)
}

func (w *loopWalk) exits(b *cfg.Block, heads map[*cfg.Block]bool, throughAttempts bool) bool {
	return w.exitsBy(b, heads, throughAttempts, false)
}

// exitsBy reports whether some path from b leaves the loop: through
// attempts or not, and, with skipGiveUps, not by the failure side of an
// error test.
func (w *loopWalk) exitsBy(b *cfg.Block, heads map[*cfg.Block]bool, throughAttempts, skipGiveUps bool) bool {
	seen := map[*cfg.Block]bool{}
	var walk func(b *cfg.Block) bool
	walk = func(b *cfg.Block) bool {
		if heads[b] || seen[b] {
			return false
		}
		if !w.member(b) {
			return true
		}
		seen[b] = true
		if !throughAttempts && slices.ContainsFunc(b.Nodes, func(n ast.Node) bool { return w.opAssigns[n] }) {
			return false
		}
		if w.cond != nil && slices.ContainsFunc(b.Nodes, func(n ast.Node) bool {
			as, ok := n.(*ast.AssignStmt)
			if !ok {
				return false
			}
			_, ends := site.EndsLoop(w.info, w.cond, as)
			return ends
		}) {
			return true // done = true: the condition ends the loop
		}
		if len(b.Succs) == 0 {
			return b.Return() != nil || len(b.Nodes) > 0 && isNoReturnStmt(b.Nodes[len(b.Nodes)-1])
		}
		var cond ast.Expr
		if skipGiveUps && len(b.Nodes) > 0 && len(b.Succs) == 2 {
			cond, _ = b.Nodes[len(b.Nodes)-1].(ast.Expr)
		}
		for i, s := range b.Succs {
			if cond != nil && w.out.ErrTestOnly(cond) {
				if t, f := w.out.Branch(cond); []state{t, f}[i] == failure {
					continue
				}
			}
			if walk(s) {
				return true
			}
		}
		return false
	}
	return walk(b)
}

func isNoReturnStmt(n ast.Node) bool {
	_, ok := n.(*ast.ExprStmt)
	return ok
}

// mayReturn tells the CFG builder which calls never return; exits knows
// the functions of the program that end it.
func mayReturn(info *types.Info, exits func(*types.Func) bool) func(*ast.CallExpr) bool {
	return func(call *ast.CallExpr) bool { return !site.NeverReturns(info, call, exits) }
}

// branch is outcomes.branch, extended to a test of the boolean result of
// an attempt that also returns an error: after ok, err :=
// rdb.SetNX(...).Result(), a true ok is a success and a false one a failure
// (the lock is taken: try again), as a spin-lock acquisition loop reads it.
func (w *loopWalk) branch(cond ast.Expr) (ifTrue, ifFalse state) {
	e, neg := ast.Unparen(cond), false
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.NOT {
		e, neg = ast.Unparen(u.X), true
	}
	if id, ok := e.(*ast.Ident); ok && w.invertFlags && w.retryFlags[w.info.ObjectOf(id)] {
		if neg {
			return success, failure
		}
		return failure, success
	}
	if w.boolResult(e) {
		if neg {
			return failure, success
		}
		return success, failure
	}
	if b, ok := e.(*ast.BinaryExpr); ok && w.errCalls[b] {
		if b.Op == token.EQL != neg {
			return success, failure // c.probe() == nil
		}
		return failure, success
	}
	if b, ok := e.(*ast.BinaryExpr); ok && w.testsNilResult(b) {
		if b.Op == token.NEQ != neg {
			return success, failure
		}
		return failure, success
	}
	if b, ok := e.(*ast.BinaryExpr); ok && (b.Op == token.LAND || b.Op == token.LOR) && (w.ownTest(b.X) || w.ownTest(b.Y)) {
		// err == nil && done: the flag is read here, the error there.
		xt, xf := w.branch(b.X)
		yt, yf := w.branch(b.Y)
		t, f := status.Both(xt, yt), status.Either(xf, yf)
		if b.Op == token.LOR {
			t, f = status.Either(xt, yt), status.Both(xf, yf)
		}
		if neg {
			return f, t
		}
		return t, f
	}
	if failedIfTrue, ok := w.recordTest(e); ok {
		if failedIfTrue != neg {
			return failure, success
		}
		return success, failure
	}
	return w.out.Branch(cond)
}

// recordTest reports whether e tests a failure record of the loop's body
// (records.go), and whether its true side is the failure.
func (w *loopWalk) recordTest(e ast.Expr) (failedIfTrue, ok bool) {
	body := site.LoopBody(w.loop)
	if body == nil {
		return false, false
	}
	return recordTest(w.info, body.List, e)
}

// ownTest reports whether cond, or an operand of it, tests what only the
// walk reads: an attempt's success flag or its nil result.
func (w *loopWalk) ownTest(cond ast.Expr) bool {
	e := ast.Unparen(cond)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.NOT {
		e = ast.Unparen(u.X)
	}
	if w.boolResult(e) {
		return true
	}
	if _, ok := w.recordTest(e); ok {
		return true
	}
	b, ok := e.(*ast.BinaryExpr)
	if !ok {
		return false
	}
	if b.Op == token.LAND || b.Op == token.LOR {
		return w.ownTest(b.X) || w.ownTest(b.Y)
	}
	return w.errCalls[b] || w.testsNilResult(b)
}

// boolResult reports whether e is an attempt's success flag: a variable
// holding it, or the call tested where it is made.
func (w *loopWalk) boolResult(e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.Ident:
		return w.boolResults[w.info.ObjectOf(e)]
	case *ast.CallExpr:
		return w.boolCalls[e]
	}
	return false
}

// testsNilResult reports whether b compares with nil a result that says
// its attempt's failure by a nil.
func (w *loopWalk) testsNilResult(b *ast.BinaryExpr) bool {
	if b.Op != token.EQL && b.Op != token.NEQ {
		return false
	}
	for obj := range w.nilResults {
		if astutil.IsNilTest(w.info, b, obj) {
			return true
		}
	}
	return false
}

// testsResult reports whether a loop condition waits for an attempt to
// fill in its result: for conn == nil with conn assigned by the attempt,
// for !ok with ok its boolean result. A success ends such a loop through
// its condition.
func (w *loopWalk) testsResult(cond ast.Expr) bool {
	e := ast.Unparen(cond)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.NOT {
		id, ok := ast.Unparen(u.X).(*ast.Ident)
		return ok && w.boolResults[w.info.ObjectOf(id)]
	}
	b, ok := e.(*ast.BinaryExpr)
	if !ok || b.Op != token.EQL {
		return false
	}
	if w.testsNilResult(b) {
		return true // for reply == nil { reply, resp = connect() }
	}
	x, y := ast.Unparen(b.X), ast.Unparen(b.Y)
	if site.IsNil(w.info, x) {
		x, y = y, x
	}
	if sel, ok := x.(*ast.SelectorExpr); ok && site.IsNil(w.info, y) {
		return w.resultFields[w.info.ObjectOf(sel.Sel)]
	}
	return site.IsNil(w.info, y) && w.out.IsDerived(x)
}

// neverSucceeds reports whether the attempt that assignment n stores
// never returns a nil error (package fails).
func (w *loopWalk) neverSucceeds(n ast.Node) bool {
	if w.swallowed[n] {
		return true
	}
	_, call := site.OpParts(n)
	if call == nil {
		return w.loggedAttempt(n) != nil
	}
	if w.backsOff && returnsErrorOnly(w.info, call) {
		return true
	}
	return call != nil && w.fl != nil && w.fl.Of(call)
}

// reconnects reports whether every attempt of the loop never succeeds (a
// stream that returns only when it breaks, package fails): the loop goes
// round only after a failure and leaves by its bound alone (ctx.Done).
// RULES.md counts such a reconnect loop as a retry loop.
func (w *loopWalk) reconnects() bool {
	if len(w.opAssigns) == 0 {
		return false
	}
	for n := range w.opAssigns {
		if !w.neverSucceeds(n) {
			return false
		}
	}
	return true
}

// doneNilAttempt returns an attempt that returns nil once the context or
// channel it is passed is done (package fails), when a success leaves
// the loop; nil if there is none.
func (w *loopWalk) doneNilAttempt() ast.Node {
	if w.fl == nil {
		return nil
	}
	var first *ast.CallExpr // the first in the source, whatever the map's order
	for n := range w.opAssigns {
		_, call := site.OpParts(n)
		if call == nil || first != nil && first.Pos() < call.Pos() {
			continue
		}
		// nil when done: a loop that leaves on success; the sentinel: a
		// loop that returns on it.
		i, sentinel := w.fl.DoneParam(libs.Callee(w.info, call))
		if i >= 0 && i < len(call.Args) && (sentinel == nil && w.successExit || sentinel != nil && leavesOn(w.info, site.LoopBody(w.loop), sentinel)) {
			first = call
		}
	}
	if first == nil {
		return nil
	}
	return first
}

// stoppedBy returns the first call of body, outside function literals,
// that returns a sentinel error of its package once the stop channel or
// context it is given is done, when body returns on that error; or nil.
func stoppedBy(info *types.Info, fl *fails.Fails, body *ast.BlockStmt) ast.Node {
	var found ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		if _, lit := n.(*ast.FuncLit); lit || found != nil {
			return false
		}
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		if i, sentinel := fl.DoneParam(libs.Callee(info, call)); i >= 0 && i < len(call.Args) && sentinel != nil && leavesOn(info, body, sentinel) {
			found = call
		}
		return true
	})
	return found
}

// leavesOn reports whether body returns when an error is the sentinel
// v: if errors.Is(err, v) { return }, or a case of a switch with no tag.
func leavesOn(info *types.Info, body *ast.BlockStmt, v *types.Var) bool {
	tests := func(e ast.Expr) bool {
		return astutil.Some(e, func(n ast.Node) bool {
			id, ok := n.(*ast.Ident)
			return ok && info.Uses[id] == v
		})
	}
	leaves := func(list []ast.Stmt) bool {
		// A return: a break in a switch case leaves the switch only.
		return len(list) > 0 && isReturn(list[len(list)-1])
	}
	return astutil.Some(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.IfStmt:
			return tests(n.Cond) && leaves(n.Body.List)
		case *ast.SwitchStmt:
			if n.Tag != nil {
				return false
			}
			for _, c := range n.Body.List {
				cc := c.(*ast.CaseClause)
				if slices.ContainsFunc(cc.List, tests) && leaves(cc.Body) {
					return true
				}
			}
		}
		return false
	})
}

// waitsForLock reports whether every test that sends the loop round reads
// only whether a lock was taken (done, err := c.CompareAndSwap(ctx, key,
// "", token); if err != nil { return err }; if done { return }): the loop
// goes round only on an answer that changed nothing.
func (w *loopWalk) waitsForLock(tests []ast.Expr) bool {
	if len(tests) == 0 || len(w.lockResults) == 0 {
		return false
	}
	for _, t := range tests {
		only := true
		ast.Inspect(t, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				if obj := w.info.Uses[id]; obj != nil && (w.out.Errs[obj] || w.out.Derived[obj]) && !w.lockResults[obj] {
					only = false
				}
			}
			return only
		})
		if !only || !site.MentionsAny(w.info, t, w.lockResults) {
			return false
		}
	}
	return true
}

func isReturn(st ast.Stmt) bool {
	_, ok := st.(*ast.ReturnStmt)
	return ok
}
