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
// even when a success path waits too, elsewhere (a poll interval after an
// empty receive). A failure path that waits for nothing is a hot retry of
// its attempt (failpath.go), and a failure path with no attempt counter,
// deadline or context check on it retries forever. A wait that success and
// failure paths both take (time.Sleep(interval) at the end of the body, a
// ticker) paces a schedule: the failure paths through it are not judged.

// FailureBackoffs returns, for the loops of the package that are not retry
// sites, the sites their failure paths make (failureBackoff): backoffs,
// whose Waits are taken only after a failure or, with no Waits, whose
// failure paths retry at once (nojitter judges both), and retries, one a
// loop, whose Bound is what ends its failure paths, nil when nothing does
// (unboundedretry).
func (f *Waits) FailureBackoffs(sites []*site.Site) (backoffs, retries []*site.Site) {
	isSite := map[ast.Node]bool{}
	for _, s := range sites {
		isSite[s.Node] = true
	}
	for _, b := range f.index.Bodies {
		for _, loop := range b.Loops {
			fs, ok := loop.(*ast.ForStmt)
			if !ok || isSite[loop] {
				continue
			}
			waits, hot, retry := f.failureBackoff(fs, b.Node)
			for _, s := range []*site.Site{waits, hot} {
				if s != nil {
					s.Encl = b.Node
					backoffs = append(backoffs, s)
				}
			}
			if retry != nil {
				retry.Encl = b.Node
				retries = append(retries, retry)
			}
		}
	}
	return backoffs, retries
}

// failureBackoff judges the failure paths of loop (failpath.go) that run
// the same attempt again with the same inputs: waits the site of the
// waits taken only on them, hot the site of those that wait for nothing
// (its RetryPath what they run, its Tests the tests that sent them
// round), retry the loop as a retry of those attempts, with their bound.
func (f *Waits) failureBackoff(loop *ast.ForStmt, encl ast.Node) (waits, hot, retry *site.Site) {
	w := &failWalk{
		f: f, out: f.outcomesIn(loop), loop: loop,
		targets: branchTargets(loop, encl), attempt: map[ast.Stmt]int{},
		helpers: map[*ast.CallExpr]*site.WaitFact{},
		breaks:  map[ast.Stmt][]pstate{}, conts: map[ast.Stmt][]pstate{},
	}
	stream := map[int]bool{} // attempts that read the next item of a stream
	for _, n := range attemptStmts(f.info, loop.Body.List) {
		if call := f.probeCond(n); call != nil {
			// if b.processQueue(ctx) { ... } else { backoff }: the call
			// answers false when it failed, and is tested where it is made.
			w.out.NoteProbe(call)
			w.attempt[n] = len(w.calls)
			w.calls = append(w.calls, call)
			w.own = append(w.own, map[types.Object]bool{})
			continue
		}
		lhs, ok := status.IsOpAssign(f.info, n)
		if !ok {
			continue
		}
		_, call := site.OpParts(n)
		if call == nil || f.Wait(call) != nil || f.StoredErr != nil && f.StoredErr(call) || site.RandomArg(f.info, call) {
			continue // a wait, state an earlier attempt left, a random draw
		}
		if advancesReceiver(f.info, lhs, call) || drainsReceiver(f.info, loop.Cond, call) {
			return nil, nil, nil // pager, err = pager.Next(ctx): a walk over pages
		}
		if _, wait := libs.Waits.Lookup(libs.Callee(f.info, call)); wait {
			continue
		}
		own := map[types.Object]bool{}
		for _, l := range lhs {
			if id, ok := l.(*ast.Ident); ok && id.Name != "_" {
				own[f.info.ObjectOf(id)] = true
				switch t := f.info.TypeOf(id); {
				case site.IsErrorType(t):
					w.out.Errs[f.info.ObjectOf(id)] = true
				case site.IsBool(t):
					// cont, err := step(): false alongside an error, as Go
					// returns zero values with one.
					w.out.NoteFalseOnFailure(f.info.ObjectOf(id))
				}
			}
		}
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && libs.StreamMethods[sel.Sel.Name] {
			if _, method := f.info.Selections[sel]; method {
				stream[len(w.calls)] = true // m, err := dec.Decode(): the next message
			}
		}
		if _, ok := libs.BufferedReads.Lookup(libs.Callee(f.info, call)); ok || readsArg(f.info, call) || fillsBuffer(f.info, call, encl, loop) {
			stream[len(w.calls)] = true
		}
		w.attempt[n] = len(w.calls)
		w.calls = append(w.calls, call)
		w.own = append(w.own, own)
	}
	if len(w.calls) == 0 {
		return nil, nil, nil
	}
	w.out.NoteSwitches(loop.Body)
	w.out.NoteStatusVars(loop.Body)
	w.counters = Counters(f.info, loop)
	w.ctxResults = ctxResults(f.info, loop)
	w.round(w.stmts(loop.Body.List, pstate{ok: true}))
	if w.bail {
		return nil, nil, nil
	}
	var headBound ast.Node
	if loop.Cond != nil && (w.bounds(loop.Cond) || StopFlag(f.info, loop.Cond, AssignedIn(f.info, loop))) {
		headBound = loop.Cond // for ctx.Err() == nil, for r.running.Load()
	}
	// Hot paths and unbounded ones are judged only in a loop whose success
	// goes round (others are no retry loops for a reason of their own,
	// iteration.go: one walks its own results) and that does not do its
	// work a number of times; and only for an attempt that asks a
	// dependency again, not for one that reads the next item of a stream.
	retries := w.okRound && !iterates(f.info, loop)
	seen := map[*ast.CallExpr]bool{}
	var judged []*ast.CallExpr
	var hotPaths, retrying []*failPath
	for _, p := range w.rounds {
		if p.moved || w.movedBefore(p.call) || readsStreamBefore(stream, p.call) {
			continue // a new input each time round: no retry
		}
		if p.ends {
			continue // the loop's condition ends it
		}
		for _, c := range w.preWaits {
			// wait = time.Second under if err != nil, waited at the top
			// of the next round (case <-time.After(wait)): the delay the
			// failure chose; any other wait at the top paces every round.
			if i := w.waitsFor(c, p.delays); i >= 0 {
				p.waits = append(p.waits, c)
				w.choose(c, p.chosen[i])
			} else {
				p.shared = true
			}
		}
		if len(w.laterWaits) > 0 {
			if w.okRound {
				p.shared = true // success goes round through it too
			} else {
				p.waits = append(p.waits, w.laterWaits...)
			}
		}
		if p.bound == nil {
			p.bound = w.preBound
		}
		if p.bound == nil {
			p.bound = headBound
		}
		switch {
		case p.shared:
			continue // paced by the loop's schedule
		case len(p.waits) > 0:
			for _, c := range p.waits {
				if !seen[c] {
					seen[c] = true
					judged = append(judged, c)
				}
			}
		case p.blocked || w.preBlocked:
			continue // waits for something other than a delay
		case retries && !stream[p.call]:
			hotPaths = append(hotPaths, p)
		}
		if retries && !stream[p.call] {
			retrying = append(retrying, p)
		}
	}
	body := site.Operation{Body: loop.Body}
	if len(judged) > 0 {
		waits = &site.Site{Kind: site.Loop, Node: loop, Op: body, Waits: judged, Chosen: w.chosen}
		for _, c := range judged {
			if h := w.helpers[c]; h != nil {
				if waits.WaitHelpers == nil {
					waits.WaitHelpers = map[*ast.CallExpr]*site.WaitFact{}
				}
				waits.WaitHelpers[c] = h
			}
		}
	}
	// What runs before the first attempt, except a branch that skips the
	// round (if err := limiter.Allow(); err != nil { sleep; continue }):
	// a failure path round to the attempt does not pass through it.
	pre := slices.DeleteFunc(slices.Clone(w.preNodes), func(n ast.Node) bool { return skipsRound(loop.Body, n) })
	if len(hotPaths) > 0 {
		hot = &site.Site{Kind: site.Loop, Node: loop, Op: body, RetryPath: pre}
		for _, p := range hotPaths {
			hot.RetryPath = append(hot.RetryPath, p.nodes...)
			if p.test != nil {
				hot.Tests = append(hot.Tests, p.test)
			}
		}
		hot.RetryTests = hot.Tests
	}
	if len(retrying) > 0 {
		retry = &site.Site{Kind: site.Loop, Node: loop, Op: body, RetryPath: pre, Bound: retrying[0].bound}
		// The attempt is what a failure path runs again: the statement
		// making the call that failed, and the path itself.
		stmtOf := map[int]ast.Stmt{}
		for n, i := range w.attempt {
			stmtOf[i] = n
		}
		retry.Attempt = append(retry.Attempt, w.preNodes...)
		for _, p := range retrying {
			if n := stmtOf[p.call]; n != nil && !slices.Contains(retry.Attempt, ast.Node(n)) {
				retry.Attempt = append(retry.Attempt, n)
			}
			retry.Attempt = append(retry.Attempt, p.nodes...)
			retry.RetryPath = append(retry.RetryPath, p.nodes...)
			if p.test != nil {
				retry.Tests = append(retry.Tests, p.test)
			}
			if p.bound == nil {
				retry.Bound = nil
			}
		}
		retry.RetryTests = retry.Tests
		if retry.Bound == nil && f.StoppedBy != nil {
			retry.Bound = f.StoppedBy(loop.Body)
		}
	}
	return waits, hot, retry
}

// readsStreamBefore reports whether an attempt before the one numbered
// call reads the next item of a stream: a failure path of the later one
// goes round to wait for the next item (for { c, err := l.Accept(); ...;
// up, err := dial(); if err != nil { c.Close(); continue } }), and what
// failed is tried again for a new one, not retried.
func readsStreamBefore(stream map[int]bool, call int) bool {
	for i := range call {
		if stream[i] {
			return true
		}
	}
	return false
}

// attemptStmts returns the statements of a loop body that may run its
// attempts: the body's own, the init statements of its ifs and switches,
// and those of a select's default clause, which runs when no case is
// ready (select { case <-ctx.Done(): return; default: msgs, err :=
// receive() }).
func attemptStmts(info *types.Info, list []ast.Stmt) []ast.Stmt {
	var out []ast.Stmt
	for _, st := range list {
		switch s := st.(type) {
		case *ast.IfStmt:
			out = append(out, s) // if probe() { ... }: the test is the attempt
			if s.Init != nil {
				out = append(out, s.Init)
			}
			// if time.Now().After(t) { if err := send(t); ... }: an
			// attempt some rounds make.
			out = append(out, attemptStmts(info, s.Body.List)...)
		case *ast.SwitchStmt:
			if s.Init != nil {
				out = append(out, s.Init)
			}
		case *ast.SelectStmt:
			for _, c := range s.Body.List {
				if cc := c.(*ast.CommClause); cc.Comm == nil || timerFired(info, cc.Comm) {
					out = append(out, attemptStmts(info, cc.Body)...)
				}
			}
		default:
			out = append(out, st)
		}
	}
	return out
}

// probeCond returns the call n, an if statement, makes and tests in its
// condition (if probe(), if !probe()) when the call's one bool result is
// false after a failure (package fails), or nil.
func (f *Waits) probeCond(n ast.Stmt) *ast.CallExpr {
	ifs, ok := n.(*ast.IfStmt)
	if !ok || f.FalseOnError == nil {
		return nil
	}
	e := ast.Unparen(ifs.Cond)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.NOT {
		e = ast.Unparen(u.X)
	}
	if call, ok := e.(*ast.CallExpr); ok && f.FalseOnError(call) {
		return call
	}
	return nil
}

// timerFired reports whether a select case receives from a timer's or a
// ticker's channel (case <-timer.C:), or from time.After: its body runs when the delay the
// loop set has passed, an attempt of every round that waited for it.
func timerFired(info *types.Info, comm ast.Stmt) bool {
	ch := site.Received(comm)
	if call, ok := ast.Unparen(ch).(*ast.CallExpr); ok && libs.Is(libs.Callee(info, call), "time", "After") {
		return true // case <-time.After(wait):
	}
	sel, ok := ast.Unparen(ch).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "C" {
		return false
	}
	t := site.DerefType(info.TypeOf(sel.X))
	return libs.IsNamed(t, "time", "Timer") || libs.IsNamed(t, "time", "Ticker")
}

// iterates reports whether loop's header makes it do its work a number
// of times, success or not: a counted loop (for i := 0; i < b.N; i++, a
// benchmark's), or a condition that moves an iterator on (for
// pb.Next(), for b.Loop(), for scanner.Scan()). Its failure paths go
// round because every round does.
func iterates(info *types.Info, loop *ast.ForStmt) bool {
	if loop.Post != nil {
		return true
	}
	return loop.Cond != nil && astutil.Some(loop.Cond, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return false
		}
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok {
			return false
		}
		_, method := info.Selections[sel]
		return method && (libs.StreamMethods[sel.Sel.Name] || libs.IsMethod(libs.Callee(info, call), "testing", "B", "Loop"))
	})
}

// readsArg reports whether call is given a connection or a reader: an
// argument with a method that takes the next item of a stream (Read,
// ReadMessage, Recv...). A helper such as readEvent(conn) reads the next
// message of conn, as conn.ReadMessage() would.
func readsArg(info *types.Info, call *ast.CallExpr) bool {
	for _, a := range call.Args {
		t := info.TypeOf(a)
		if t == nil {
			continue
		}
		ms := types.NewMethodSet(t)
		if _, isPtr := t.Underlying().(*types.Pointer); !isPtr && !types.IsInterface(t) {
			ms = types.NewMethodSet(types.NewPointer(t))
		}
		for i := range ms.Len() {
			if libs.StreamMethods[ms.At(i).Obj().Name()] {
				return true
			}
		}
	}
	return false
}

// fillsBuffer reports whether call is given a byte buffer made empty
// before the loop and written by nothing in it (buf := make([]byte, n);
// for { n, err := s.forward(buf) ... }): the call fills it with the next
// item it reads, as conn.Read(buf) would.
func fillsBuffer(info *types.Info, call *ast.CallExpr, encl ast.Node, loop *ast.ForStmt) bool {
	for _, a := range call.Args {
		id, ok := ast.Unparen(a).(*ast.Ident)
		if !ok {
			continue
		}
		v, ok := info.Uses[id].(*types.Var)
		if !ok || v.Pos() >= loop.Pos() && v.Pos() < loop.End() {
			continue // a buffer of the round
		}
		sl, ok := v.Type().Underlying().(*types.Slice)
		if !ok {
			continue
		}
		if b, isBasic := sl.Elem().Underlying().(*types.Basic); !isBasic || b.Kind() != types.Byte {
			continue
		}
		defs := astutil.Assignments(info, encl, v)
		if len(defs) == 1 && !astutil.Contains(loop, defs[0]) && astutil.IsMake(info, defs[0]) {
			return true
		}
	}
	return false
}

// ctxResults returns the errors loop stores from calls that take a
// context (err := sleep(ctx, d), err := ping(ctx)): a failure path that
// leaves when one is set stops with its context.
func ctxResults(info *types.Info, loop *ast.ForStmt) map[types.Object]bool {
	out := map[types.Object]bool{}
	ast.Inspect(loop.Body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if _, lit := n.(*ast.FuncLit); lit {
			return false
		}
		if !ok || len(as.Rhs) != 1 {
			return true
		}
		call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
		if !ok {
			return true
		}
		if _, builds := libs.RequestBuilders.Lookup(libs.Callee(info, call)); builds {
			return true // NewRequestWithContext does not wait on it
		}
		takes := false
		for _, a := range call.Args {
			takes = takes || site.IsContext(info.TypeOf(a))
		}
		if !takes {
			return true
		}
		for _, l := range as.Lhs {
			if id, ok := l.(*ast.Ident); ok && id.Name != "_" && site.IsErrorType(info.TypeOf(id)) {
				out[info.ObjectOf(id)] = true
			}
		}
		return true
	})
	return out
}

// Counters returns the variables and fields loop increments or
// decrements: a test of one counts the attempts.
func Counters(info *types.Info, loop *ast.ForStmt) map[types.Object]bool {
	out := map[types.Object]bool{}
	mark := func(e ast.Expr) {
		id := site.RootIdent(e)
		if sel, ok := ast.Unparen(e).(*ast.SelectorExpr); ok {
			id = sel.Sel // c.attempts++
		}
		if id != nil {
			if obj := info.ObjectOf(id); obj != nil && site.CountsAcross(obj, loop) {
				out[obj] = true
			}
		}
	}
	ast.Inspect(loop, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IncDecStmt:
			mark(n.X)
		case *ast.AssignStmt:
			switch n.Tok {
			case token.ADD_ASSIGN, token.SUB_ASSIGN:
				mark(n.Lhs[0])
			}
		}
		return true
	})
	site.NoteStopAnswers(info, loop, out)
	return out
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

// outcomes returns an empty set of outcome variables that knows the
// package's "not done yet" error values.
func (f *Waits) outcomes() *status.Outcomes {
	out := status.NewOutcomes(f.info, f.facts.Lookup)
	out.Pending = f.Pending
	return out
}

// outcomesIn is outcomes for loop, which knows too what its receives
// return when nothing arrived in time (status.PendingIn).
func (f *Waits) outcomesIn(loop ast.Node) *status.Outcomes {
	out := f.outcomes()
	out.Pending = status.PendingIn(f.info, loop, out.Pending)
	return out
}

// skipsRound reports whether n lies in a block of body, below its top
// level, that ends in a continue: a branch that goes round at once.
func skipsRound(body *ast.BlockStmt, n ast.Node) bool {
	found := false
	ast.Inspect(body, func(m ast.Node) bool {
		if found || m == nil || m.Pos() > n.Pos() || n.End() > m.End() {
			return false
		}
		switch m := m.(type) {
		case *ast.FuncLit:
			return false
		case *ast.BlockStmt:
			if m != body && m != n && endsInContinue(m) {
				found = true
			}
		}
		return !found
	})
	return found
}
