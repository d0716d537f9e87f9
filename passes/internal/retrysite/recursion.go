package retrysite

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/bodies"
	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
	"github.com/idemlint/idemlint/passes/internal/retrysite/status"
)

// A recursive retry is a function that, when its operation failed, waits
// and calls itself with the same arguments (a counter and a delay may
// change): func (c *Client) fetch(ctx, url, attempt int) error { ...; if
// err != nil { time.Sleep(d); return c.fetch(ctx, url, attempt+1) } }.
// It is a retry like a loop: its wait is judged by nojitter, its bound by
// unboundedretry, and a function holding one retries when called
// (retryamplify). A call that passes anything else changed (a child
// node, the next page) is a walk, not a retry; a self-call without a wait
// before it is left alone.
//
// Its Site has Kind Loop, Node the self-call, Op the function's body,
// RetryPath the statements of the failure branch up to the call, Waits the
// waits among them, and Bound the test that ends the recursion while the
// operation keeps failing (a counter the call advances, compared; a
// context or a deadline checked), or nil.

// recursions lists the recursive retries of the package's declared
// functions.
func (f *finder) recursions() []*Site {
	var out []*Site
	for _, b := range f.index.Decls() {
		fd, ok := b.Node.(*ast.FuncDecl)
		if !ok || b.Func == nil {
			continue
		}
		// Each self-call on a failure path is a site of its own: one
		// path may wait and go round without counting (a 429), another
		// count and go round at once (a 5xx).
		for _, c := range f.selfCalls(b) {
			if s := f.recursion(b, fd, c); s != nil {
				out = append(out, s)
			}
		}
	}
	return append(out, f.relayedRecursions()...)
}

// selfCalls returns the calls of b's function in its body, and in the
// function literals it runs itself: one called at once (go func() {
// time.Sleep(d); c.send(ctx, m, n+1) }()) or handed to time.AfterFunc. A
// literal handed to anything else runs when that decides (a walk's
// callback), and is left alone.
func (f *finder) selfCalls(b *bodies.Body) []*ast.CallExpr {
	var out []*ast.CallExpr
	var visit func(body *bodies.Body)
	visit = func(body *bodies.Body) {
		for _, c := range body.Calls {
			if c.Callee == b.Func {
				out = append(out, c.CallExpr)
			}
		}
		for _, lit := range body.Lits {
			if inner := f.index.Of(lit); inner != nil && (f.runsOwnLiteral(body, lit) || f.callsOwnHeld(body, lit)) {
				visit(inner)
			}
		}
	}
	visit(b)
	return out
}

// runsOwnLiteral reports whether lit, directly in body, is called at once
// or scheduled by time.AfterFunc.
func (f *finder) runsOwnLiteral(body *bodies.Body, lit *ast.FuncLit) bool {
	for _, c := range body.Calls {
		if ast.Unparen(c.Fun) == lit {
			return true
		}
		if libs.Is(c.Callee, "time", "AfterFunc") && len(c.Args) == 2 && ast.Unparen(c.Args[1]) == lit {
			return true
		}
	}
	return false
}

// callsOwnHeld reports whether lit, directly in body, is held in a local
// variable that body calls (retry := func(err error) error { ... };
// return retry(err)).
func (f *finder) callsOwnHeld(body *bodies.Body, lit *ast.FuncLit) bool {
	v := heldVar(f.info, body, lit)
	return v != nil && callsHeld(f.info, body, v)
}

// recursion returns the site of the self-call call in fd, or nil.
func (f *finder) recursion(b *bodies.Body, fd *ast.FuncDecl, call *ast.CallExpr) *Site {
	counters, ok := f.sameOperation(fd, call)
	if !ok {
		return nil
	}
	var tests []ast.Expr
	var onFalse map[ast.Expr]bool
	path, test, neg := f.failureBranch(fd, call)
	held, v := f.heldLiteral(b, call)
	if path != nil {
		tests = []ast.Expr{test}
		if neg {
			onFalse = map[ast.Expr]bool{test: true}
		}
	} else if held != nil {
		path, tests, onFalse = f.heldBranches(fd, held, v, call)
	}
	if path == nil {
		return nil
	}
	s := &Site{Kind: Loop, Node: call, Encl: fd, Op: site.Operation{Body: fd.Body}, RetryPath: path, Tests: tests, RetryTests: tests, RetryOnFalse: onFalse}
	f.noteWaits(s)
	// A self-call at once is a retry only when it counts its attempts
	// (return c.do(req, attempt+1) under attempt < max): without a
	// counter it is a single refresh-then-retry, or a walk.
	if len(s.Waits) == 0 && len(counters) == 0 {
		return nil
	}
	s.Attempt = []ast.Node{fd.Body}
	s.Bound = f.recursionBound(fd, s, counters, held)
	return s
}

// noteWaits fills s.Waits (and s.WaitHelpers) with the waits on its retry
// path.
func (f *finder) noteWaits(s *Site) {
	for _, st := range s.RetryPath {
		ast.Inspect(st, func(n ast.Node) bool {
			c, ok := n.(*ast.CallExpr)
			if !ok {
				// A literal is code for later, unless it is the one that
				// makes the self-call (go func() { sleep; f(args) }()).
				lit, isLit := n.(*ast.FuncLit)
				return !isLit || lit.Pos() <= s.Node.Pos() && s.Node.End() <= lit.End()
			}
			if _, wait := libs.Waits.Lookup(libs.Callee(f.info, c)); wait {
				s.Waits = append(s.Waits, c)
			} else if wf := f.waits.Wait(c); wf != nil {
				s.Waits = append(s.Waits, c)
				if s.WaitHelpers == nil {
					s.WaitHelpers = map[*ast.CallExpr]*site.WaitFact{}
				}
				s.WaitHelpers[c] = wf
			}
			return true
		})
	}
}

// sameOperation reports whether call runs fd's operation again: the same
// receiver, and each parameter passed on unchanged, except integer
// parameters passed on advanced by a constant (attempt+1, retries-1) and
// durations (a delay that grows); those counters are returned.
func (f *finder) sameOperation(fd *ast.FuncDecl, call *ast.CallExpr) (counters map[types.Object]bool, ok bool) {
	if fd.Recv != nil && !f.onOwnReceiver(fd, call) {
		return nil, false
	}
	params := paramVars(f.info, fd)
	if len(params) != len(call.Args) {
		return nil, false
	}
	counters = map[types.Object]bool{}
	for i, arg := range call.Args {
		p := params[i]
		if p == nil {
			return nil, false
		}
		arg = ast.Unparen(arg)
		if id, isID := arg.(*ast.Ident); isID && f.info.Uses[id] == p {
			continue
		}
		if site.IsInteger(p.Type()) && stepsBy(f.info, arg, p) {
			counters[p] = true
			continue
		}
		if rederived(f.info, arg, p) {
			continue
		}
		if libs.IsNamed(p.Type(), "time", "Duration") {
			continue
		}
		return nil, false
	}
	return counters, true
}

// rederived reports whether e makes p's value again from p itself, of
// the same type (s.limiter.Lock(bucket) re-locks the same bucket,
// req.Clone(ctx) copies the same request): the same operation's input.
func rederived(info *types.Info, e ast.Expr, p *types.Var) bool {
	call, ok := e.(*ast.CallExpr)
	if !ok || !types.Identical(info.TypeOf(call), p.Type()) {
		return false
	}
	uses := func(x ast.Expr) bool {
		id, ok := ast.Unparen(x).(*ast.Ident)
		return ok && info.Uses[id] == p
	}
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && uses(sel.X) {
		return true
	}
	for _, a := range call.Args {
		if uses(a) {
			return true
		}
	}
	return false
}

// stepsBy reports whether e is p plus or minus a constant.
func stepsBy(info *types.Info, e ast.Expr, p *types.Var) bool {
	bin, ok := e.(*ast.BinaryExpr)
	if !ok || bin.Op != token.ADD && bin.Op != token.SUB {
		return false
	}
	id, ok := ast.Unparen(bin.X).(*ast.Ident)
	if !ok || info.Uses[id] != p {
		return false
	}
	tv, ok := info.Types[bin.Y]
	return ok && tv.Value != nil
}

// failureBranch returns the statements that run, after the operation
// failed, up to and including the statement holding call, and the test of
// the failure: call lies in the body of `if err != nil` (or of a status
// test), or follows, in the function's own statements, an `if err == nil
// { return ... }` that a success takes.
func (f *finder) failureBranch(fd *ast.FuncDecl, call *ast.CallExpr) (path []ast.Node, test ast.Expr, onFalse bool) {
	return f.failureBranchIn(fd.Body.List, call)
}

// failureBranchIn is failureBranch in a list of statements (a function's
// body, or the statements from a label to a goto back to it).
func (f *finder) failureBranchIn(body []ast.Stmt, call ast.Node) (path []ast.Node, test ast.Expr, onFalse bool) {
	var walk func(list []ast.Stmt, top bool) bool
	walk = func(list []ast.Stmt, top bool) bool {
		for i, st := range list {
			if !(st.Pos() <= call.Pos() && call.End() <= st.End()) {
				continue
			}
			if ifs, ok := st.(*ast.IfStmt); ok && ifs.Body.Pos() <= call.Pos() && call.End() <= ifs.Body.End() && status.FailureTest(f.info, ifs.Cond, true) {
				test = ifs.Cond
				path = nil
				return walk(ifs.Body.List, false)
			}
			// if len(failed) > 0 { tokens = failed; goto retry }: the test
			// of a failure record (records.go) stands for the failure test
			// that wrote it.
			if ifs, ok := st.(*ast.IfStmt); ok && test == nil && ifs.Body.Pos() <= call.Pos() && call.End() <= ifs.Body.End() {
				if guard, neg, ok := failureRecordTest(f.info, body, ifs.Cond, f.recordReturners()); ok {
					test, onFalse = guard, neg
					path = nil
					return walk(ifs.Body.List, false)
				}
			}
			// if err == nil { return v, nil } else { sleep; return f(args) }
			if ifs, ok := st.(*ast.IfStmt); ok && ifs.Else != nil && ifs.Else.Pos() <= call.Pos() && call.End() <= ifs.Else.End() && status.FailureTest(f.info, ifs.Cond, false) && returns(ifs.Body) {
				test = ifs.Cond
				onFalse = true
				path = nil
				if blk, ok := ifs.Else.(*ast.BlockStmt); ok {
					return walk(blk.List, false)
				}
				return walk([]ast.Stmt{ifs.Else}, false)
			}
			// switch resp.StatusCode { case 502: return f(args) }
			if sw, ok := st.(*ast.SwitchStmt); ok {
				if cc, t := f.failureCase(sw, call); cc != nil {
					test = t
					path = nil
					return walk(cc.Body, false)
				}
			}
			if top {
				for j := i - 1; j >= 0; j-- {
					if ifs, ok := list[j].(*ast.IfStmt); ok && ifs.Else == nil && status.FailureTest(f.info, ifs.Cond, false) && returns(ifs.Body) {
						test = ifs.Cond
						onFalse = true
						path = append([]ast.Node(nil), nodes(list[j+1:i+1])...)
						return true
					}
					// for _, b := range brokers { ...; if err == nil {
					// return } }; return retry(err): every target failed.
					if t, neg := f.exhaustedLoop(list[j]); t != nil {
						test, onFalse = t, neg
						path = append([]ast.Node(nil), nodes(list[j:i+1])...)
						return true
					}
				}
				return false
			}
			path = append(path, nodes(list[:i+1])...)
			return test != nil
		}
		return false
	}
	if !walk(body, true) || test == nil {
		return nil, nil, false
	}
	return path, test, onFalse
}

// failureCase returns the clause of sw holding call when it is taken on a
// failure, and the test that selects it: a case of failure statuses
// (400-599) of a switch on a status, or a case whose expression is a
// failure test (switch { case err != nil: }).
func (f *finder) failureCase(sw *ast.SwitchStmt, call ast.Node) (*ast.CaseClause, ast.Expr) {
	for _, c := range sw.Body.List {
		cc := c.(*ast.CaseClause)
		if !(cc.Colon < call.Pos() && call.End() <= cc.End()) || len(cc.List) == 0 {
			continue
		}
		if sw.Tag == nil {
			for _, e := range cc.List {
				if status.FailureTest(f.info, e, true) {
					return cc, e
				}
			}
			return nil, nil
		}
		for _, e := range cc.List {
			test := &ast.BinaryExpr{X: sw.Tag, OpPos: e.Pos(), Op: token.EQL, Y: e}
			_, code, ok := status.StatusTest(f.info, test, func(ast.Expr) bool { return true })
			if !ok || code < 400 || code > 599 {
				return nil, nil
			}
		}
		return cc, cc.List[0]
	}
	return nil, nil
}

func nodes(list []ast.Stmt) []ast.Node {
	out := make([]ast.Node, len(list))
	for i, st := range list {
		out[i] = st
	}
	return out
}

// returns reports whether a block ends in a return.
func returns(b *ast.BlockStmt) bool {
	if len(b.List) == 0 {
		return false
	}
	_, ok := b.List[len(b.List)-1].(*ast.ReturnStmt)
	return ok
}

// recursionBound returns the node that ends the recursion while the
// operation keeps failing, or nil: a test in the function that returns
// and reads a counter the self-call advances, the time or a context; a
// wait helper on the retry path that stops with the context and whose
// error is returned; a select on a context's Done channel.
func (f *finder) recursionBound(fd *ast.FuncDecl, s *Site, counters map[types.Object]bool, held *ast.FuncLit) ast.Node {
	// The counters the function advances itself (c.tries++) bound it too.
	b := newBounder(f.info, fd.Body, f.waits.Wait)
	for c := range counters {
		b.counters[c] = true
	}
	// A literal held in a variable that makes the self-call (retry :=
	// func(err error) error {...}) is part of the retry: its counters
	// count; the tests of any literal that makes it count too.
	holds := func(lit *ast.FuncLit) bool { return astutil.Contains(lit, s.Node) }
	if held != nil {
		for c := range newBounder(f.info, held.Body, f.waits.Wait).counters {
			b.counters[c] = true
		}
	}
	var bound ast.Node
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if bound != nil {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return holds(n)
		case *ast.IfStmt:
			if returns(n.Body) && (b.bounds(n.Cond) || initBounds(b, n.Init)) {
				bound = n.Cond
			}
			// if attempt < max { return f(args, attempt+1) }: the
			// self-call runs only while the test holds.
			if n.Body.Pos() <= s.Node.Pos() && s.Node.End() <= n.Body.End() && b.bounds(n.Cond) {
				bound = n.Cond
			}
		case *ast.CommClause:
			if caseEndsRetries(f.info, n) && returns(&ast.BlockStmt{List: n.Body}) {
				bound = n
			}
		}
		return true
	})
	if bound != nil {
		return bound
	}
	// if err := sleep(ctx, d); err != nil { return err }
	for _, w := range s.Waits {
		if wf := s.WaitHelpers[w]; wf != nil && wf.Stops {
			for _, st := range s.RetryPath {
				if ifs, ok := st.(*ast.IfStmt); ok && ifs.Pos() <= w.Pos() && w.End() <= ifs.End() && returns(ifs.Body) {
					return ifs
				}
			}
		}
	}
	return nil
}

// initBounds reports whether an if statement's init asks a context or the
// time (if err := ctx.Err(); err != nil).
func initBounds(b *bounder, init ast.Stmt) bool {
	as, ok := init.(*ast.AssignStmt)
	if !ok {
		return false
	}
	for _, r := range as.Rhs {
		if b.bounds(r) {
			return true
		}
	}
	return false
}
