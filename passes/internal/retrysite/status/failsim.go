package status

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"maps"
	"slices"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
)

// The failure simulation runs the code of an attempt once per sampled
// HTTP status, as if the request had been answered with it: status tests
// (resp.StatusCode != 200, StatusCode/100 == 5, a switch on the status,
// resty's IsSuccess, a predicate or checker of the program known by its
// RespFact) are decided, the other conditions are followed both ways. Each
// path ends at a return, a continue, a break or the end of the code, and
// notes which responses it left open. What a path's end means (another
// attempt or not) is the caller's judge's business.

// errKind is what the simulation knows about an error variable.
type errKind uint8

const (
	errUnknown errKind = iota
	errNil
	errNonNil
	errStatus // decided by the status: see value.mask and nilMask
)

type value struct {
	kind    errKind
	mask    site.Statuses // errStatus: non-nil for these statuses...
	nilMask site.Statuses // ...and nil for these
	b       tri           // for boolean variables
	// status says that an integer variable holds the simulated status,
	// or a value computed from it (code := resp.StatusCode): num is it.
	status bool
	num    int64
	// called says that an unknown error is what a call returned (err =
	// json.NewDecoder(resp.Body).Decode(&v)): on a 2xx, what fails then
	// is the body, not the status.
	called bool
	// made is the function whose call made an unknown error (err =
	// backoff.Permanent(err2)): a judge that knows a retry library's
	// permanent marker reads it when the error is returned later.
	made *types.Func
	// from is the fact of the sender whose call returned an errStatus
	// error: the sentinel it returns on each status (sentinel.go).
	from *RespFact
}

type simPath struct {
	env       map[types.Object]value
	open      map[types.Object]*ast.CallExpr // response variable -> the call that returned it
	uncertain bool                           // a branch the simulation could not decide read the response
	sent      bool                           // a request was sent on this path
	readRA    bool                           // the path read the Retry-After header
	again     bool                           // the path ran a recursive retry's self-call
	shared    bool                           // env and open are another path's too (clone)
	passed    bool                           // the path ran the call a what-if run assumes failed (whatif.go)
	// unprocessed says the path passed a test proving the attempt was
	// not processed (unprocessed.go).
	unprocessed bool
	// stopped says the path told the retrier to stop after this attempt
	// (roko's r.Break(), libs.RetryStops): its error is not retried.
	stopped bool
	// notYet says the path passed a poll's done test the simulation
	// could not decide (err == nil && u != nil): a success may go round
	// there without the status deciding it.
	notYet bool
	// undecided says the path passed an if the simulation could not
	// decide: what it returns there, the status did not choose.
	undecided bool
}

// clone returns a copy of p that shares its maps until one of the two
// writes to them (own): most forks of a branch never change them, and
// copying them at every undecided condition was most of the cost of
// simulating a function's branches.
func (p *simPath) clone() *simPath {
	p.shared = true
	return &simPath{env: p.env, open: p.open, shared: true, uncertain: p.uncertain, sent: p.sent, readRA: p.readRA, again: p.again, passed: p.passed, unprocessed: p.unprocessed, stopped: p.stopped, notYet: p.notYet, undecided: p.undecided}
}

// own gives p maps of its own, if it shares them, before it writes to them.
func (p *simPath) own() {
	if p.shared {
		p.env, p.open, p.shared = maps.Clone(p.env), maps.Clone(p.open), false
	}
}

func (p *simPath) setEnv(obj types.Object, v value) {
	p.own()
	p.env[obj] = v
}

// delEnv and delOpen copy nothing when obj is not there: an assignment
// forgets what its variables held, and most held nothing known.
func (p *simPath) delEnv(obj types.Object) {
	if _, ok := p.env[obj]; ok {
		p.own()
		delete(p.env, obj)
	}
}

func (p *simPath) setOpen(obj types.Object, call *ast.CallExpr) {
	p.own()
	p.open[obj] = call
}

func (p *simPath) delOpen(obj types.Object) {
	if _, ok := p.open[obj]; ok {
		p.own()
		delete(p.open, obj)
	}
}

// simEnd is where a path ends: a return statement, a branch statement, or
// the end of the code (node is then the block).
type simEnd struct {
	node ast.Node
	p    *simPath
}

type sim struct {
	info *types.Info
	body ast.Node // the code simulated
	// members are the booleans of body that keep a membership test
	// (outcome_sets.go), found when first asked.
	members map[types.Object]membership
	facts   func(*types.Func) *RespFact
	code    int64
	param   types.Object // fact mode: the parameter whose status is simulated
	loop    bool         // the code is a loop body: continue and break end it
	// ownBody says the code is the enclosing function's own body (a loop,
	// a goto or a recursive retry), not an operation it calls and
	// returns from: its defers run only when the function returns.
	ownBody bool
	// lateClose holds the responses such a defer closes: read to the end,
	// they are given back.
	lateClose map[types.Object]bool
	// again is the self-call of a recursive retry: a path that runs it
	// goes round for another attempt.
	again *ast.CallExpr
	moves map[ast.Node]bool // site.Site.Moves: a path through one does not go on
	done  []ast.Expr        // site.Site.DoneTests
	ends  []simEnd
	sends map[*ast.CallExpr]bool // the calls whose response is followed
	// sendOf maps a response variable to its send, and tested holds the
	// sends whose status the code reads.
	sendOf map[types.Object]*ast.CallExpr
	tested map[*ast.CallExpr]bool

	switchDepth int
	paths       int
	failed      bool // too many paths, or a goto
	// codeRead says that the simulation read the simulated status: until
	// it does, every status takes the same paths (see replay).
	codeRead bool
	// followRA notes on each path whether it read the Retry-After header
	// (simPath.readRA). Only the failure test of a retry site judges
	// that; the simulations that learn RespFacts do not, and looking for
	// the header in every statement of every path, once per sampled
	// status, was a third of their cost on a large application.
	followRA bool

	// deferredClose holds the responses whose close a defer statement
	// takes care of: closed for a path that goes round, still readable
	// by the attempt (defer resp.Body.Close(); io.ReadAll(resp.Body)).
	deferredClose map[types.Object]bool
	// retryGoto is the goto of a goto retry (gotofail.go): a path that
	// takes it, or another goto to its label, goes round.
	retryGoto *ast.BranchStmt
	// carriers hold an API error that carries the simulated status
	// (classifier.go).
	carriers map[types.Object]bool
	// assume is what a what-if run takes for granted (whatif.go), or nil.
	assume *assume
	// unproc, when set, notes on each path whether it passed a test
	// proving the attempt was not processed (unprocessed.go).
	unproc *Unprocessed
}

// status is the simulated status; reading it is noted in codeRead.
func (s *sim) status() int64 {
	s.codeRead = true
	return s.code
}

const maxPaths = 512

func (s *sim) list(stmts []ast.Stmt, ps []*simPath) (fall, broke []*simPath) {
	cur := ps
	for _, st := range stmts {
		var next []*simPath
		for _, p := range cur {
			f, b := s.stmt(st, p)
			next = append(next, f...)
			broke = append(broke, b...)
		}
		cur = next
		if s.failed || len(cur) == 0 {
			return cur, broke
		}
	}
	return cur, broke
}

func (s *sim) fork(p *simPath) *simPath {
	s.paths++
	if s.paths > maxPaths {
		s.failed = true
	}
	return p.clone()
}

func (s *sim) end(n ast.Node, p *simPath) { s.ends = append(s.ends, simEnd{node: n, p: p}) }

// stmt runs one statement on path p; it returns the paths that go on
// after it, and those that left an enclosing switch or select by break.
func (s *sim) stmt(st ast.Stmt, p *simPath) (fall, broke []*simPath) {
	if s.moves[st] {
		return nil, nil // the next attempt sends something else: not a retry
	}
	one := []*simPath{p}
	switch st.(type) {
	case *ast.ExprStmt, *ast.AssignStmt, *ast.DeclStmt, *ast.DeferStmt, *ast.ReturnStmt, *ast.GoStmt:
		if s.followRA && !p.readRA && s.facts != nil && readsRetryAfter(s.info, st, s.facts) {
			p.readRA = true
		}
		if s.again != nil && st.Pos() <= s.again.Pos() && s.again.End() <= st.End() {
			p.again = true
		}
		if es, ok := st.(*ast.ExprStmt); ok && stopsRetries(s.info, es.X) {
			p.stopped = true
		}
		if s.assume != nil {
			for _, c := range []*ast.CallExpr{s.assume.failed, s.assume.watch} {
				if c != nil && st.Pos() <= c.Pos() && c.End() <= st.End() {
					p.passed = true
				}
			}
		}
	}
	switch st := st.(type) {
	case *ast.BlockStmt:
		return s.list(st.List, one)
	case *ast.LabeledStmt:
		return s.stmt(st.Stmt, p)
	case *ast.ExprStmt:
		s.effects(st.X, p)
		if call, ok := ast.Unparen(st.X).(*ast.CallExpr); ok && site.NeverReturns(s.info, call, nil) {
			return nil, nil // a panic or log.Fatal is no way to the next attempt
		}
		if call, ok := ast.Unparen(st.X).(*ast.CallExpr); ok {
			if lit := runsCallback(s.info, call); lit != nil {
				// metrics.Measure("lock", func() { err = lock.Post(c) }):
				// the callback runs here, once.
				return s.list(lit.Body.List, one)
			}
		}
	case *ast.DeferStmt:
		for obj := range p.open {
			if astutil.Some(st.Call, func(n ast.Node) bool { id, ok := n.(*ast.Ident); return ok && s.info.Uses[id] == obj }) {
				s.noteDeferredClose(obj)
			}
		}
		if !s.ownBody {
			s.effects(st.Call, p)
			break
		}
		// In a loop, a goto or a recursive retry of the function's own
		// body, a deferred close runs when the function returns: the
		// response stays open through every later attempt, unless the
		// path reads its body to the end (io.ReadAll), which gives the
		// connection back.
		for obj := range p.open {
			if astutil.Some(st.Call, func(n ast.Node) bool { id, ok := n.(*ast.Ident); return ok && s.info.Uses[id] == obj }) {
				if s.lateClose == nil {
					s.lateClose = map[types.Object]bool{}
				}
				s.lateClose[obj] = true
			}
		}
	case *ast.GoStmt:
	case *ast.AssignStmt:
		if st.Tok != token.ASSIGN && st.Tok != token.DEFINE {
			s.forget(st, p) // code += 1: no longer the status
			break
		}
		s.assign(st.Lhs, st.Rhs, p)
	case *ast.IncDecStmt:
		s.forget(st, p)
	case *ast.DeclStmt:
		if gd, ok := st.Decl.(*ast.GenDecl); ok {
			for _, spec := range gd.Specs {
				if vs, ok := spec.(*ast.ValueSpec); ok && len(vs.Values) > 0 {
					lhs := make([]ast.Expr, len(vs.Names))
					for i, n := range vs.Names {
						lhs[i] = n
					}
					s.assign(lhs, vs.Values, p)
				}
			}
		}
	case *ast.IfStmt:
		return s.ifStmt(st, p)
	case *ast.SwitchStmt:
		return s.switchStmt(st, p), nil
	case *ast.TypeSwitchStmt:
		return s.clauses(st.Body, p, nil, true), nil
	case *ast.SelectStmt:
		return s.clauses(st.Body, p, nil, false), nil
	case *ast.ForStmt, *ast.RangeStmt:
		// A loop inside the attempt: its closes count, its exits do not,
		// and what it assigns is no longer known.
		s.effects(st, p)
		s.forget(st, p)
	case *ast.ReturnStmt:
		for _, r := range st.Results {
			s.effects(r, p)
			// A response returned goes to whoever called: not left open here.
			if id, ok := ast.Unparen(r).(*ast.Ident); ok {
				p.delOpen(s.info.ObjectOf(id))
			}
		}
		s.end(st, p)
		return nil, nil
	case *ast.BranchStmt:
		switch st.Tok {
		case token.BREAK:
			if st.Label == nil && s.switchDepth > 0 {
				return nil, one
			}
			s.end(st, p)
		case token.CONTINUE:
			s.end(st, p)
		case token.FALLTHROUGH:
			return nil, one
		case token.GOTO:
			if s.backToRetry(st) {
				s.end(st, p)
				break
			}
			s.failed = true
		default:
			s.failed = true
		}
		return nil, nil
	}
	return one, nil
}

func (s *sim) ifStmt(st *ast.IfStmt, p *simPath) (fall, broke []*simPath) {
	ps := []*simPath{p}
	if st.Init != nil {
		ps, broke = s.stmt(st.Init, p)
	}
	for _, p := range ps {
		t := s.cond(st.Cond, p)
		if t == unk && s.undecidedRead(st.Cond, p) {
			p.uncertain = true
		}
		if t == unk && slices.Contains(s.done, st.Cond) {
			p.notYet = true
		}
		if t != no {
			q := p
			if t == unk {
				// What the branch of a condition the status does not
				// decide returns is undecided; a path that goes on past
				// the if, to a test of the status, is not.
				q = s.fork(p)
				q.undecided = true
			}
			s.noteUnprocessed(st.Cond, true, q)
			f, b := s.stmt(st.Body, q)
			fall, broke = append(fall, f...), append(broke, b...)
		}
		if t != yes {
			s.noteUnprocessed(st.Cond, false, p)
			if st.Else == nil {
				fall = append(fall, p)
				continue
			}
			if t == unk {
				p.undecided = true
			}
			f, b := s.stmt(st.Else, p)
			fall, broke = append(fall, f...), append(broke, b...)
		}
	}
	return fall, broke
}

// undecidedRead reports whether an undecided condition that reads the
// response leaves the status in doubt. In resp.StatusCode == 429 &&
// attempt < max the status is decided and only the attempt budget is
// not: the path is certain about the status. Any other undecided part
// (a flag decoded from the body, a predicate) may single out statuses,
// and the path stays uncertain.
func (s *sim) undecidedRead(e ast.Expr, p *simPath) bool {
	if s.loop && !p.sent {
		// if resp != nil { drain(resp) } at the top of the round reads
		// the last round's response, before this attempt's send.
		return false
	}
	return s.readsResponse(e, p) && !s.budgetOnly(e, p)
}

// budgetOnly reports whether the undecided parts of a condition are all
// comparisons of integers that read neither the response nor a call (an
// attempt counter with its limit).
func (s *sim) budgetOnly(e ast.Expr, p *simPath) bool {
	b, ok := ast.Unparen(e).(*ast.BinaryExpr)
	if !ok {
		return false
	}
	switch b.Op {
	case token.LAND, token.LOR:
		return (s.cond(b.X, p) != unk || s.budgetOnly(b.X, p)) && (s.cond(b.Y, p) != unk || s.budgetOnly(b.Y, p))
	case token.LSS, token.LEQ, token.GTR, token.GEQ, token.EQL, token.NEQ:
		tx, ty := s.info.TypeOf(b.X), s.info.TypeOf(b.Y)
		return tx != nil && ty != nil && site.IsInteger(tx) && site.IsInteger(ty) && !s.readsResponse(b, p) &&
			!astutil.Some(b, func(n ast.Node) bool { _, call := n.(*ast.CallExpr); return call })
	}
	return false
}

// switchStmt decides the cases of a switch on the status (or of a switch
// with no tag, whose cases are conditions) in order.
func (s *sim) switchStmt(st *ast.SwitchStmt, p *simPath) []*simPath {
	ps := []*simPath{p}
	if st.Init != nil {
		ps, _ = s.stmt(st.Init, p)
	}
	var out []*simPath
	for _, p := range ps {
		tag, tagKnown := int64(0), false
		if st.Tag != nil {
			tag, tagKnown = s.intVal(st.Tag, p)
			if !tagKnown {
				// switch classify(err) on a classifier we cannot read:
				// which case a status takes is in doubt, as in an if.
				if s.undecidedRead(st.Tag, p) {
					p.uncertain = true
				}
				out = append(out, s.clauses(st.Body, p, nil, true)...)
				continue
			}
		}
		match := func(c *ast.CaseClause, p *simPath) tri {
			t := no
			for _, e := range c.List {
				if st.Tag == nil {
					t = t.or(s.cond(e, p))
				} else if v, ok := s.intVal(e, p); ok {
					t = t.or(triOf(v == tag))
				} else {
					t = t.or(unk)
				}
			}
			return t
		}
		out = append(out, s.clauses(st.Body, p, match, true)...)
	}
	return out
}

// clauses runs the clauses of a switch, type switch or select: with
// match, the cases are decided in order and the default takes what is
// left; without, every clause is a possible way, and so is none when
// mayMiss (a type switch with no default; a select waits for a case).
func (s *sim) clauses(body *ast.BlockStmt, p *simPath, match func(*ast.CaseClause, *simPath) tri, mayMiss bool) []*simPath {
	s.switchDepth++
	defer func() { s.switchDepth-- }()
	var out []*simPath
	run := func(stmts []ast.Stmt, p *simPath) {
		f, b := s.list(stmts, []*simPath{p})
		out = append(append(out, f...), b...)
	}
	var dflt []ast.Stmt
	hasDefault := false
	left := []*simPath{p}
	for _, c := range body.List {
		switch c := c.(type) {
		case *ast.CaseClause:
			if c.List == nil {
				dflt, hasDefault = c.Body, true
				continue
			}
			if match == nil {
				run(c.Body, s.fork(p))
				continue
			}
			var rest []*simPath
			for _, q := range left {
				switch match(c, q) {
				case yes:
					run(c.Body, q)
				case no:
					rest = append(rest, q)
				default:
					run(c.Body, s.fork(q))
					rest = append(rest, q)
				}
			}
			left = rest
		case *ast.CommClause:
			run(c.Body, s.fork(p))
		}
	}
	if match == nil {
		if hasDefault {
			run(dflt, p)
		} else if mayMiss {
			out = append(out, p)
		}
		return out
	}
	for _, q := range left {
		if hasDefault {
			run(dflt, q)
		} else {
			out = append(out, q)
		}
	}
	return out
}

// assign records what an assignment tells about errors, booleans and
// responses.
func (s *sim) assign(lhs, rhs []ast.Expr, p *simPath) {
	for _, r := range rhs {
		s.effects(r, p)
	}
	if s.assertStatus(lhs, rhs, p) {
		return
	}
	if len(rhs) == 1 && len(lhs) > 1 {
		call, _ := ast.Unparen(rhs[0]).(*ast.CallExpr)
		failed := s.assumedFailed(call)
		sends := call != nil && returnsResponse(s.info, call) && !failed
		for _, l := range lhs {
			obj := s.objOf(l)
			if obj == nil {
				continue
			}
			p.delEnv(obj)
			p.delOpen(obj)
			if sends {
				p.sent = true
			}
			switch {
			case failed && site.IsErrorType(obj.Type()):
				p.setEnv(obj, value{kind: errNonNil})
			case sends && isHTTPResponse(obj.Type()):
				if fact, _ := s.factOf(call); fact == nil || !fact.NoResp.Has(s.code) {
					p.setOpen(obj, call)
				}
				s.noteSend(call, obj)
			case sends && site.IsResponseType(obj.Type()):
				s.noteSend(call, obj)
			case sends && site.IsErrorType(obj.Type()) && s.sendsAndChecks(call):
				// resp, err := c.do(req): the program's sender fails on
				// the statuses its fact names, and returns the response too.
				p.setEnv(obj, s.checkerErr(call, p))
			case sends && site.IsErrorType(obj.Type()):
				p.setEnv(obj, value{kind: errNil}) // the request was answered: that is what is simulated
			case call != nil && site.IsErrorType(obj.Type()) && s.readsBody(call, p):
				p.setEnv(obj, value{kind: errNil}) // body, err := io.ReadAll(resp.Body): the answer is read
			case call != nil && site.IsErrorType(obj.Type()):
				v := s.checkerErr(call, p)
				v.called = v.kind == errUnknown
				p.setEnv(obj, v)
			case call != nil && site.IsBool(obj.Type()) && s.sendsAndChecks(call):
				// retry, err := c.do(req, i): the flag its fact gives.
				if fact, _ := s.factOf(call); fact.True.Has(s.code) {
					p.setEnv(obj, value{b: yes})
				} else if fact.False.Has(s.code) {
					p.setEnv(obj, value{b: no})
				}
			}
		}
		return
	}
	if len(lhs) != len(rhs) {
		return
	}
	for i, l := range lhs {
		if id, ok := ast.Unparen(rhs[i]).(*ast.Ident); ok {
			s.close(id, p) // the response is kept elsewhere (last = resp)
		}
		obj := s.objOf(l)
		if obj == nil {
			continue
		}
		p.delEnv(obj)
		p.delOpen(obj)
		switch {
		case site.IsErrorType(obj.Type()):
			p.setEnv(obj, s.errVal(rhs[i], p))
		case site.IsBool(obj.Type()):
			if t := s.cond(rhs[i], p); t != unk {
				p.setEnv(obj, value{b: t})
			}
		case site.IsInteger(obj.Type()):
			// code := resp.StatusCode: the status under another name.
			if s.statusVal(rhs[i], p) {
				n, _ := s.intVal(rhs[i], p)
				p.setEnv(obj, value{status: true, num: n})
			}
		}
	}
}

// statusVal reports whether e is an integer the simulation computes from
// the simulated status (not a constant).
func (s *sim) statusVal(e ast.Expr, p *simPath) bool {
	if _, ok := s.intVal(e, p); !ok {
		return false
	}
	_, constant := astutil.IntConst(s.info, e)
	return !constant
}

// forget drops what the path knows of the integer variables n assigns (in
// a loop the simulation does not run, or by +=, ++): a status kept in one
// may have been replaced.
func (s *sim) forget(n ast.Node, p *simPath) {
	ast.Inspect(n, func(x ast.Node) bool {
		var lhs []ast.Expr
		switch x := x.(type) {
		case *ast.AssignStmt:
			lhs = x.Lhs
		case *ast.IncDecStmt:
			lhs = []ast.Expr{x.X}
		}
		for _, l := range lhs {
			if obj := s.objOf(l); obj != nil && p.env[obj].status {
				p.delEnv(obj)
			}
		}
		return true
	})
}

func (s *sim) noteSend(call *ast.CallExpr, resp types.Object) {
	if s.sends == nil {
		s.sends = map[*ast.CallExpr]bool{}
		s.sendOf = map[types.Object]*ast.CallExpr{}
		s.tested = map[*ast.CallExpr]bool{}
	}
	s.sends[call] = true
	if resp != nil {
		s.sendOf[resp] = call
	}
}

// noteStatusRead records that the status of the response e is read.
func (s *sim) noteStatusRead(e ast.Expr) {
	if send := s.sendOf[astutil.RootObject(s.info, e)]; send != nil {
		s.tested[send] = true
	}
}

func (s *sim) objOf(e ast.Expr) types.Object {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok || id.Name == "_" {
		return nil
	}
	return s.info.ObjectOf(id)
}

// errVal is what the simulation knows of an error expression.
func (s *sim) errVal(e ast.Expr, p *simPath) value {
	e = ast.Unparen(e)
	if site.IsNil(s.info, e) {
		return value{kind: errNil}
	}
	switch x := e.(type) {
	case *ast.Ident:
		if v, ok := p.env[s.info.ObjectOf(x)]; ok {
			return v
		}
	case *ast.UnaryExpr, *ast.CompositeLit:
		if v, ok := s.statusErrLit(x, p); ok {
			return v
		}
	case *ast.CallExpr:
		if s.assumedFailed(x) {
			return value{kind: errNonNil}
		}
		if fn := libs.Callee(s.info, x); fn != nil && fn.Pkg() != nil && (fn.Pkg().Path() == "fmt" || fn.Pkg().Path() == "errors") &&
			(fn.Name() == "Errorf" || fn.Name() == "New") || freshError(s.info, x) {
			return value{kind: errNonNil} // errors.Errorf of github.com/pkg/errors too
		}
		if fact, _ := s.factOf(x); fact != nil && fact.PassesErr > 0 && fact.PassesErr <= len(x.Args) {
			return s.errVal(x.Args[fact.PassesErr-1], p) // return s.pause(err): err
		}
		if v := s.checkerErr(x, p); v.kind != errUnknown {
			return v
		}
		// errutils.NewUnexpectedStatusCodeError(...) returns a
		// *UnexpectedStatusCodeError: a value of a concrete type is a
		// non-nil error once converted, whatever the pointer holds. (A
		// retry library's own marker type, a *backoff.PermanentError,
		// says more than that: it is left to the judges.)
		if t := s.info.TypeOf(e); t != nil && !types.IsInterface(t) && !libraryErrorType(t) {
			return value{kind: errNonNil}
		}
		return value{kind: errUnknown, called: true, made: libs.Callee(s.info, x)}
	}
	// A value of a concrete type is a non-nil error once converted.
	if t := s.info.TypeOf(e); t != nil && !types.IsInterface(t) {
		return value{kind: errNonNil}
	}
	return value{kind: errUnknown}
}

// checkerErr is the error a status checker of the program returns for a
// response (httpx.CheckStatus(resp)), known by its RespFact.
func (s *sim) checkerErr(call *ast.CallExpr, p *simPath) value {
	fact, _ := s.factOf(call)
	if fact != nil && fact.Sends && s.param == nil {
		// A function that sends a request and fails on its status
		// (c.getJSON(ctx, path, &v)): its call is a send and a check.
		p.sent = true
		s.noteSend(call, nil)
		s.tested[call] = true
		return value{kind: errStatus, mask: fact.Err, nilMask: fact.Nil, from: fact}
	}
	if fact == nil || !fact.Checks || fact.Param < 0 || fact.Param >= len(call.Args) || !s.simulated(call.Args[fact.Param], p) {
		return value{kind: errUnknown}
	}
	s.noteStatusRead(call.Args[fact.Param])
	return value{kind: errStatus, mask: fact.Err, nilMask: fact.Nil}
}

// sendsAndChecks reports whether call is of a function of the program that
// sends a request and fails on its status (RespFact.Sends), outside the
// simulation of a checker of a response parameter.
func (s *sim) sendsAndChecks(call *ast.CallExpr) bool {
	fact, _ := s.factOf(call)
	return fact != nil && fact.Sends && s.param == nil
}

func (s *sim) factOf(call *ast.CallExpr) (*RespFact, *types.Func) {
	fn := libs.Callee(s.info, call)
	if fn == nil || s.facts == nil {
		return nil, fn
	}
	return s.facts(fn), fn
}

// simulated reports whether e is a response (or status) whose status the
// simulation decides.
func (s *sim) simulated(e ast.Expr, p *simPath) bool {
	if _, ok := s.intVal(e, p); ok {
		_, constant := astutil.IntConst(s.info, e)
		return !constant
	}
	if s.param != nil {
		return astutil.RootObject(s.info, e) == s.param
	}
	return site.IsResponseType(s.info.TypeOf(e))
}

// cond decides a condition for the simulated status.
func (s *sim) cond(e ast.Expr, p *simPath) tri {
	switch x := ast.Unparen(e).(type) {
	case *ast.UnaryExpr:
		if x.Op == token.NOT {
			return s.cond(x.X, p).not()
		}
	case *ast.Ident:
		if v, ok := p.env[s.info.ObjectOf(x)]; ok && v.b != unk {
			return v.b
		}
		if c, ok := s.info.Uses[x].(*types.Const); ok && c.Val().Kind() == constant.Bool {
			return triOf(constant.BoolVal(c.Val()))
		}
	case *ast.BinaryExpr:
		switch x.Op {
		case token.LAND:
			return s.cond(x.X, p).and(s.cond(x.Y, p))
		case token.LOR:
			return s.orCond(x, p)
		case token.EQL, token.NEQ:
			if t := s.nilTest(x, p); t != unk {
				return t
			}
			if t := s.sentinelTest(x.X, x.Y, p); t != unk {
				if x.Op == token.NEQ {
					return t.not()
				}
				return t
			}
		}
		a, aok := s.intVal(x.X, p)
		b, bok := s.intVal(x.Y, p)
		if aok && bok {
			return compare(x.Op, a, b)
		}
	case *ast.CallExpr:
		return s.predicate(x, p)
	}
	return unk
}

func compare(op token.Token, a, b int64) tri {
	switch op {
	case token.EQL:
		return triOf(a == b)
	case token.NEQ:
		return triOf(a != b)
	case token.LSS:
		return triOf(a < b)
	case token.LEQ:
		return triOf(a <= b)
	case token.GTR:
		return triOf(a > b)
	case token.GEQ:
		return triOf(a >= b)
	}
	return unk
}

// nilTest decides err == nil and err != nil for errors the simulation
// knows.
func (s *sim) nilTest(b *ast.BinaryExpr, p *simPath) tri {
	x, y := b.X, b.Y
	if site.IsNil(s.info, x) {
		x, y = y, x
	}
	if !site.IsNil(s.info, y) {
		return unk
	}
	if s.carriedResponse(x) {
		// apiErr.Response != nil, of an error the status made: it holds
		// the response that carried the status.
		return triOf(b.Op == token.NEQ)
	}
	x, body := responseOfBody(x)
	id, ok := ast.Unparen(x).(*ast.Ident)
	if !ok {
		return unk
	}
	if _, open := p.open[s.info.ObjectOf(id)]; open && s.param == nil {
		// A response the send returned with a nil error is not nil, and
		// neither is its Body (net/http guarantees a non-nil Body).
		if b.Op == token.NEQ {
			return yes
		}
		return no
	}
	if body {
		return unk
	}
	v := p.env[s.info.ObjectOf(id)]
	var isNilErr tri
	switch v.kind {
	case errNil:
		isNilErr = yes
	case errNonNil:
		isNilErr = no
	case errStatus:
		switch {
		case v.mask.Has(s.status()):
			isNilErr = no
		case v.nilMask.Has(s.status()):
			isNilErr = yes
		default:
			return unk
		}
	default:
		return unk
	}
	if b.Op == token.NEQ {
		return isNilErr.not()
	}
	return isNilErr
}

// predicate decides a call used as a condition: resty's IsSuccess and
// IsError (by the response's type), and predicates of the program over a
// status or a response known by their RespFact.
func (s *sim) predicate(call *ast.CallExpr, p *simPath) tri {
	if s.assumedFalse(call) {
		return no
	}
	if t := s.memberTest(call, p); t != unk {
		return t
	}
	if t := s.errorsAs(call, p); t != unk {
		return t
	}
	fn := libs.Callee(s.info, call)
	if libs.IsErrorsFunc(fn, "Is") && len(call.Args) == 2 {
		if t := s.sentinelTest(call.Args[0], call.Args[1], p); t != unk {
			return t // errors.Is(err, errNotFound)
		}
	}
	if libs.IsErrorsFunc(fn, "As") && len(call.Args) == 2 {
		if t := s.freshAs(call.Args[0], p); t != unk {
			return t // errors.As(err, &checksumErr) of an errors.Errorf
		}
	}
	if sel, ok := call.Fun.(*ast.SelectorExpr); ok && fn != nil && s.simulated(sel.X, p) {
		switch {
		case libs.IsMethod(fn, libs.RestyV2, "Response", "IsSuccess") || libs.IsMethod(fn, libs.RestyV2, "Response", "IsError"):
			s.noteStatusRead(sel.X)
		}
		switch {
		case libs.IsMethod(fn, libs.RestyV2, "Response", "IsSuccess"):
			return triOf(s.status() >= 200 && s.status() < 300)
		case libs.IsMethod(fn, libs.RestyV2, "Response", "IsError"):
			return triOf(s.status() >= 400)
		}
	}
	fact, _ := s.factOf(call)
	if fact != nil && fact.Predicate {
		if t, ok := s.classified(fact, fn, call, p); ok {
			return t
		}
	}
	if fact == nil || !fact.Predicate || fact.Param < 0 || fact.Param >= len(call.Args) || !s.simulated(call.Args[fact.Param], p) {
		return unk
	}
	s.noteStatusRead(call.Args[fact.Param])
	return triOf(fact.True.Has(s.status()))
}

// intVal evaluates an integer expression made of constants and the
// simulated status (resp.StatusCode, resty's resp.StatusCode(), a status
// parameter, resp.StatusCode/100).
func (s *sim) intVal(e ast.Expr, p *simPath) (int64, bool) {
	if c, ok := astutil.IntConst(s.info, e); ok {
		return c, true
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		if s.param != nil && s.info.Uses[x] == s.param && site.IsInteger(s.param.Type()) {
			return s.status(), true
		}
		if v, ok := p.env[s.info.Uses[x]]; ok && v.status {
			return v.num, true
		}
	case *ast.CallExpr:
		if n, ok := s.carriedStatus(x); ok {
			return n, true
		}
		if n, ok := s.classOf(x, p); ok {
			return n, true
		}
		if len(x.Args) == 0 {
			if sel, ok := x.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "StatusCode" && s.isResponse(sel.X) {
				s.noteStatusRead(sel.X)
				return s.status(), true
			}
		}
	case *ast.SelectorExpr:
		if n, ok := s.carriedStatus(x); ok {
			return n, true
		}
		if x.Sel.Name == "StatusCode" && s.isResponse(x.X) {
			s.noteStatusRead(x.X)
			return s.status(), true
		}
	case *ast.BinaryExpr:
		a, aok := s.intVal(x.X, p)
		b, bok := s.intVal(x.Y, p)
		if !aok || !bok {
			return 0, false
		}
		switch x.Op {
		case token.QUO:
			if b != 0 {
				return a / b, true
			}
		case token.REM:
			if b != 0 {
				return a % b, true
			}
		case token.ADD:
			return a + b, true
		case token.SUB:
			return a - b, true
		}
	}
	return 0, false
}

func (s *sim) isResponse(e ast.Expr) bool {
	if s.param != nil {
		return astutil.RootObject(s.info, e) == s.param
	}
	return site.IsResponseType(s.info.TypeOf(e))
}

// readsResponse reports whether a condition reads a response (or its
// status, or an error made from it) that the simulation tracks.
func (s *sim) readsResponse(e ast.Expr, p *simPath) bool {
	return astutil.Some(e, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok {
			return false
		}
		obj := s.info.Uses[id]
		_, open := p.open[obj]
		// An error that depends on the status (a checker's, a sending
		// helper's), classified by a predicate the simulation cannot read
		// (isTransient(err)), is a status test too.
		return open || obj != nil && obj == s.param || obj != nil && site.IsResponseType(obj.Type()) || p.env[obj].kind == errStatus
	})
}

// effects notes the closes in n: resp.Body.Close(), and a response (or
// its body) handed to a function that closes it, to one that cannot be
// pinned down, or stored.
func (s *sim) noteDeferredClose(obj types.Object) {
	if s.deferredClose == nil {
		s.deferredClose = map[types.Object]bool{}
	}
	s.deferredClose[obj] = true
}

func (s *sim) effects(n ast.Node, p *simPath) {
	if len(p.open) == 0 || n == nil {
		return
	}
	ast.Inspect(n, func(x ast.Node) bool {
		switch x := x.(type) {
		case *ast.FuncLit:
			// A function literal that uses the response (a deferred or
			// spawned close) takes care of it.
			ast.Inspect(x.Body, func(y ast.Node) bool {
				if id, ok := y.(*ast.Ident); ok {
					s.close(id, p)
				}
				return true
			})
			return false
		case *ast.CallExpr:
			fn := libs.Callee(s.info, x)
			if sel, ok := x.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Close" {
				s.close(sel.X, p)
			}
			if _, ok := libs.ReadsToEnd.Lookup(fn); ok {
				for _, a := range x.Args {
					if obj := s.openRoot(a, p); obj != nil && s.lateClose[obj] {
						p.delOpen(obj) // defer resp.Body.Close(); io.ReadAll(resp.Body)
					}
				}
			}
			for i, a := range x.Args {
				if s.openRoot(a, p) != nil && s.closesArg(fn, x, i) {
					s.close(a, p)
				}
			}
		case *ast.CompositeLit:
			for _, el := range x.Elts {
				if kv, ok := el.(*ast.KeyValueExpr); ok {
					el = kv.Value
				}
				if id, ok := ast.Unparen(el).(*ast.Ident); ok {
					s.close(id, p) // the response is kept in a value: someone else closes it
				}
			}
		}
		return true
	})
}

func (s *sim) openRoot(e ast.Expr, p *simPath) types.Object {
	obj := astutil.RootObject(s.info, e)
	if _, ok := p.open[obj]; ok {
		return obj
	}
	return nil
}

func (s *sim) close(e ast.Expr, p *simPath) {
	if obj := s.openRoot(e, p); obj != nil {
		p.delOpen(obj)
	}
}

// closesArg reports whether the callee may close the response handed to
// it as argument i: its RespFact says so for the simulated status, or it
// cannot be pinned down (a function value, an interface method). A
// function of the standard library with no fact does not.
func (s *sim) closesArg(fn *types.Func, call *ast.CallExpr, i int) bool {
	if fn == nil {
		return true
	}
	if sig := fn.Signature(); sig.Recv() != nil && types.IsInterface(sig.Recv().Type()) {
		return true
	}
	if s.facts != nil {
		if f := s.facts(fn); f != nil && f.Param == i && f.Param >= 0 {
			return f.Closes.Has(s.status())
		}
	}
	return false
}

// returnsResponse reports whether call returns an HTTP response and an
// error: a send, or a function of the program that sends.
func returnsResponse(info *types.Info, call *ast.CallExpr) bool {
	tup, ok := info.TypeOf(call).(*types.Tuple)
	if !ok || tup.Len() < 2 || !site.IsErrorType(tup.At(tup.Len()-1).Type()) {
		return false
	}
	for i := range tup.Len() {
		if site.IsResponseType(tup.At(i).Type()) {
			return true
		}
	}
	return false
}

// isHTTPResponse recognises *http.Response, whose body the caller closes
// (resty reads and closes its own).
func isHTTPResponse(t types.Type) bool {
	p, ok := types.Unalias(t).(*types.Pointer)
	return ok && libs.IsNamed(p.Elem(), "net/http", "Response")
}

// libraryErrorType reports whether t (or what it points to) is a type of a
// retry library (backoff's PermanentError), whose errors mean something
// to the helper that runs the operation.
func libraryErrorType(t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return false
	}
	return libs.FamilyByName(libs.Func{Pkg: n.Obj().Pkg().Path()}) != nil
}

// stopsRetries reports whether e calls a method that ends the retries
// after this attempt (r.Break()).
func stopsRetries(info *types.Info, e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	_, ok = libs.RetryStops.Lookup(libs.Callee(info, call))
	return ok
}
