package retrysite

// The loops that look like retries but are not: each function here names
// one way a loop runs a different operation each time round, or goes round
// for another reason than a failure. Each was found on real code (the
// standard library, mostly); the fixtures in testdata/src/sites/regressions.go
// keep them.

import (
	"github.com/idemlint/idemlint/passes/internal/retrysite/status"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
)

// iteratesCollection reports whether a loop condition advances an iterator
// (rows.Next(), scanner.Scan()): such a loop runs a different operation each
// time round. A call given the attempt's error (for isTemporary(err), for
// errors.Is(err, ErrNoResponders) && r < n) tests the attempt, and
// advances nothing; errors.Is(err, errPending) in a condition is a poll's
// "not yet" (outcome.go).
func iteratesCollection(info *types.Info, cond ast.Expr, isErr func(ast.Expr) bool) bool {
	found := false
	ast.Inspect(cond, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || found {
			return !found
		}
		if tv, ok := info.Types[call.Fun]; ok && (tv.IsType() || tv.IsBuiltin()) {
			return true
		}
		if slices.ContainsFunc(call.Args, isErr) {
			return false
		}
		if _, ok := libs.TimeOrContext.Lookup(libs.Callee(info, call)); !ok {
			found = true
		}
		return true
	})
	return found
}

// opInputsVary reports whether an attempt's call reads something the loop
// changes: its own earlier results (err = x.Unwrap(), walking a chain) or
// what is computed from the loop's counters (the next candidate). Such a
// loop runs a different operation each time round, not the same one again.
// A request built afresh in each iteration from the same inputs does not
// vary.
func (w *loopWalk) opInputsVary(body *ast.BlockStmt) bool {
	seed := map[types.Object]bool{}
	for obj := range w.bounder().counters {
		seed[obj] = true
	}
	for obj := range w.filled(body) {
		seed[obj] = true
	}
	for obj := range w.selfUpdated(body) {
		seed[obj] = true
	}
	// for b := first(); b != nil; b = next(): the loop moves on to the
	// next candidate by design (a timeout that grows with the attempt,
	// d = d * 2, is not a candidate).
	if f, ok := w.loop.(*ast.ForStmt); ok {
		if as, ok := f.Post.(*ast.AssignStmt); ok && len(as.Lhs) == len(as.Rhs) {
			for i, l := range as.Lhs {
				_, call := ast.Unparen(as.Rhs[i]).(*ast.CallExpr)
				if id, ok := l.(*ast.Ident); ok && call && id.Name != "_" {
					seed[w.info.ObjectOf(id)] = true
				}
			}
		}
	}
	fromCounters := w.dependents(body, seed, true)
	readLoops := w.readLoops(body)
	for n := range w.opAssigns {
		lhs, call := site.OpParts(n)
		if call == nil {
			call = testedCall(n) // if tryToBind(port) == nil: an attempt in a condition
		}
		if call == nil || slices.ContainsFunc(readLoops, func(l ast.Node) bool { return astutil.Contains(l, n) }) {
			continue // what a read loop does with each message it read
		}
		own := map[types.Object]bool{}
		for _, l := range lhs {
			if id, ok := l.(*ast.Ident); ok && id.Name != "_" && !rewound(w.info, id, call) {
				own[w.info.ObjectOf(id)] = true
			}
		}
		// A result another attempt of the round assigns again before
		// this one (bodyBytes, err = io.ReadAll(res.Body) before err =
		// newError(code, err.Error())) never reaches this attempt's next
		// run: it is no feedback.
		fresh := w.refreshedBefore(body, n)
		for obj := range fresh {
			delete(own, obj)
		}
		for obj := range own {
			if declaredIn(obj, body) {
				// var v T; v, err = f(v): v starts afresh each round,
				// and what f reads of it is this round's.
				fresh[obj] = true
			}
		}
		// w.conn = conn keeps the result in a field of w: the next
		// attempt reads the field, not everything w holds.
		feedback := w.dependents(body, own, false)
		ownBuffers := w.fills(call)
		for j, in := range append([]ast.Expr{call.Fun}, call.Args...) {
			if slices.Contains(ownBuffers, in) {
				continue // conn.Read(b): the buffer it fills is its output
			}
			if j > 0 && w.fl != nil && w.fl.AttemptParam(call, j-1) {
				continue // c.do(req, attempt): the attempt's number, not what it sends
			}
			if j > 0 && libs.IsNamed(w.info.TypeOf(in), "time", "Duration") {
				continue // nc.RequestMsg(m, ttl) with ttl -= wait: the time left, not what it sends
			}
			if site.MentionsAny(w.info, in, fromCounters) {
				return true
			}
			stale := staleMentions(w.info, in, feedback, fresh)
			if len(stale) > 0 && !w.noteMoves(body, stale) {
				return true
			}
		}
	}
	return false
}

// rewound reports whether id, a result of call, is a request call is
// given too: req, err = cloneRequest(req, getBody) rewinds the same
// request for the next send (as selfUpdated reads req = retry), not the
// next candidate.
func rewound(info *types.Info, id *ast.Ident, call *ast.CallExpr) bool {
	obj := info.ObjectOf(id)
	return libs.IsHTTPRequest(obj.Type()) && slices.ContainsFunc(call.Args, func(a ast.Expr) bool {
		arg, ok := ast.Unparen(a).(*ast.Ident)
		return ok && info.ObjectOf(arg) == obj
	})
}

// decodesArgs reports whether call makes its result from its arguments
// alone: they are all bytes or strings, and it returns a value that is no
// count (codec.Decode(buf) (any, error)). A read from a stream fills
// the buffer it is given and returns a count (conn.Read(b)), or takes
// the next item of the stream it is called on (dec.Decode(&v)).
func decodesArgs(info *types.Info, call *ast.CallExpr) bool {
	if len(call.Args) == 0 {
		return false
	}
	for _, a := range call.Args {
		if !isBytesOrString(info.TypeOf(a)) {
			return false
		}
	}
	res, ok := info.TypeOf(call).(*types.Tuple)
	var results []types.Type
	if ok {
		for v := range res.Variables() {
			results = append(results, v.Type())
		}
	} else if t := info.TypeOf(call); t != nil {
		results = []types.Type{t}
	}
	value := false
	for _, t := range results {
		switch {
		case site.IsInteger(t):
			return false
		case !site.IsErrorType(t):
			value = true
		}
	}
	return value
}

func isBytesOrString(t types.Type) bool {
	if t == nil {
		return false
	}
	if b, ok := t.Underlying().(*types.Basic); ok {
		return b.Info()&types.IsString != 0
	}
	s, ok := t.Underlying().(*types.Slice)
	if !ok {
		return false
	}
	b, ok := s.Elem().Underlying().(*types.Basic)
	return ok && b.Kind() == types.Byte
}

// declaredIn reports whether obj is a variable declared inside body.
func declaredIn(obj types.Object, body *ast.BlockStmt) bool {
	v, ok := obj.(*types.Var)
	return ok && !v.IsField() && body.Pos() <= v.Pos() && v.Pos() < body.End()
}

// selfUpdated returns the variables the body computes anew from their
// own value (domain = domain[i+1:], node = node.parent): a loop whose
// attempt reads one walks to the next candidate. A delay or timeout that
// grows (d = d * 2), a context derived from itself and a map of what is
// done so far are not candidates.
func (w *loopWalk) selfUpdated(body *ast.BlockStmt) map[types.Object]bool {
	out := map[types.Object]bool{}
	reset := resetEachRound(w.info, body)
	defs := bodyDefs(w.info, body, w.attemptResults())
	ast.Inspect(body, func(n ast.Node) bool {
		if _, lit := n.(*ast.FuncLit); lit {
			return false
		}
		as, ok := n.(*ast.AssignStmt)
		if !ok || as.Tok != token.ASSIGN || len(as.Lhs) != len(as.Rhs) {
			return true
		}
		for i, l := range as.Lhs {
			id, ok := l.(*ast.Ident)
			if !ok || id.Name == "_" {
				continue
			}
			obj := w.info.ObjectOf(id)
			if obj == nil || libs.IsNamed(obj.Type(), "time", "Duration") || site.IsContext(obj.Type()) {
				continue
			}
			if libs.IsHTTPRequest(obj.Type()) {
				// req = retry, retry := req.Clone(ctx) with a new
				// header: the same request sent again.
				continue
			}
			if isFailureRecord(w.info, body.List, as.Rhs[i]) || isFailureRecord(w.info, body.List, l) {
				// tokens = failed, failed = append(failed, t): what
				// failed of the same work, sent again (records.go); not
				// the next candidate.
				continue
			}
			if _, isMap := obj.Type().Underlying().(*types.Map); isMap {
				// checked = next, next := checked.Clone() and filled by
				// the attempt: a set of what earlier rounds got done,
				// which the same work skips; not the next candidate.
				continue
			}
			if w.computedFrom(as.Rhs[i], obj, defs, map[types.Object]bool{}) {
				if at := reset[obj]; at.IsValid() && at <= as.Pos() {
					continue // built afresh earlier in the same round
				}
				out[obj] = true
			}
		}
		return true
	})
	return out
}

// attemptResults returns the variables the loop's attempts assign.
func (w *loopWalk) attemptResults() map[types.Object]bool {
	out := map[types.Object]bool{}
	for n := range w.opAssigns {
		lhs, _ := site.OpParts(n)
		for _, l := range lhs {
			if id, ok := l.(*ast.Ident); ok && id.Name != "_" {
				out[w.info.ObjectOf(id)] = true
			}
		}
	}
	return out
}

// computedFrom reports whether e reads obj, itself or through locals the
// body defines from it (parent := filepath.Dir(dir); dir = parent walks up
// a tree as dir = filepath.Dir(dir) does). seen keeps the locals already
// followed: locals of a body can be defined from each other.
func (w *loopWalk) computedFrom(e ast.Expr, obj types.Object, defs map[types.Object]ast.Expr, seen map[types.Object]bool) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok || found {
			return !found
		}
		used := w.info.Uses[id]
		switch def, local := defs[used]; {
		case used == obj:
			found = true
		case local && used != nil && !seen[used]:
			seen[used] = true
			found = w.computedFrom(def, obj, defs, seen)
		}
		return !found
	})
	return found
}

// bodyDefs maps the locals a body declares with one value each (x := e,
// var x = e) to that value; each local of a tuple a call returns (block,
// rest := pem.Decode(data)) to the call, unless the tuple is an
// attempt's (next, err := loadPage(last): the update it feeds is judged as
// feedback) or the call reads what attempts returned (next, ids :=
// leftover(res, pending): what the server did not take, sent again).
func bodyDefs(info *types.Info, body *ast.BlockStmt, results map[types.Object]bool) map[types.Object]ast.Expr {
	out := map[types.Object]ast.Expr{}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.AssignStmt:
			if n.Tok != token.DEFINE {
				return true
			}
			if call, ok := n.Rhs[0].(*ast.CallExpr); ok && len(n.Rhs) == 1 && len(n.Lhs) > 1 {
				if site.MentionsAny(info, call, results) || slices.ContainsFunc(n.Lhs, func(l ast.Expr) bool { return site.MentionsAny(info, l, results) }) {
					return true // an attempt's own results, or computed from them
				}
				for _, l := range n.Lhs {
					if id, ok := l.(*ast.Ident); ok && info.Defs[id] != nil {
						out[info.Defs[id]] = call
					}
				}
				return true
			}
			if len(n.Lhs) != len(n.Rhs) {
				return true
			}
			for i, l := range n.Lhs {
				if id, ok := l.(*ast.Ident); ok && info.Defs[id] != nil {
					out[info.Defs[id]] = n.Rhs[i]
				}
			}
		case *ast.ValueSpec:
			if len(n.Names) != len(n.Values) {
				return true
			}
			for i, id := range n.Names {
				if obj := info.Defs[id]; obj != nil {
					out[obj] = n.Values[i]
				}
			}
		}
		return true
	})
	return out
}

// filled returns the buffers the body fills with new data each time round:
// the arguments of a Read call or of a random source (drbg.Read(b),
// rand.Read(key)), as candidate generators do.
func (w *loopWalk) filled(body *ast.BlockStmt) map[types.Object]bool {
	out := map[types.Object]bool{}
	ast.Inspect(body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			for _, a := range w.fills(call) {
				// Only a variable is filled: io.ReadAll(io.LimitReader(r, n))
				// roots at the package io, and seeding it would make every
				// later use of io (res.Body = io.NopCloser(...)) look fed by
				// the buffer.
				if obj, ok := astutil.RootObject(w.info, a).(*types.Var); ok {
					out[obj] = true
				}
			}
		}
		return true
	})
	return out
}

// fills returns the arguments call fills with new data: those of a Read
// call or of a random source that can hold what it writes.
func (w *loopWalk) fills(call *ast.CallExpr) []ast.Expr {
	fn := libs.Callee(w.info, call)
	if fn == nil || !strings.HasPrefix(fn.Name(), "Read") && !libs.IsRandom(fn) {
		return nil
	}
	var out []ast.Expr
	for _, a := range call.Args {
		if t := w.info.TypeOf(a); !isBuffer(t) || t != nil && libs.Reads(t) {
			// ReadPartitions(topic): a name, not a buffer to fill;
			// io.ReadAll(resp.Body) reads from its argument.
			continue
		}
		out = append(out, a)
	}
	return out
}

// isBuffer reports whether a value of type t can be filled by the callee it
// is given to: a slice, a pointer, an array or an interface (an io.Writer).
func isBuffer(t types.Type) bool {
	if t == nil {
		return true
	}
	switch t.Underlying().(type) {
	case *types.Basic:
		return false
	}
	return true
}

// dependents returns seed and the variables the loop body assigns from
// them, directly or through others (a type switch's x := err.(type)
// included). A store into a field or element marks what holds it when
// roots is set, and only the field otherwise.
func (w *loopWalk) dependents(body *ast.BlockStmt, seed map[types.Object]bool, roots bool) map[types.Object]bool {
	out := map[types.Object]bool{}
	for obj := range seed {
		out[obj] = true
	}
	add := func(id *ast.Ident) bool {
		obj := w.info.ObjectOf(id)
		if id.Name == "_" || obj == nil || out[obj] {
			return false
		}
		if site.IsContext(obj.Type()) {
			// ctx = obs.OnAttemptStart(ctx, i): a context carries a
			// deadline and values for tracing, not what is sent.
			return false
		}
		out[obj] = true
		return true
	}
	for changed := true; changed; {
		changed = false
		ast.Inspect(body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				for _, r := range n.Rhs {
					if w.readsInput(r, out) {
						for _, l := range n.Lhs {
							if id, ok := l.(*ast.Ident); ok && add(id) {
								changed = true
							}
							// cfg["port"] = port, req.Attempt = i: what
							// holds the element or field changes too.
							if sel, ok := ast.Unparen(l).(*ast.SelectorExpr); ok && !roots {
								if add(sel.Sel) {
									changed = true
								}
							} else if _, ok := l.(*ast.Ident); !ok {
								if root := site.RootIdent(l); root != nil && add(root) {
									changed = true
								}
							}
						}
					}
				}
			case *ast.RangeStmt:
				if site.MentionsAny(w.info, n.X, out) {
					for _, e := range []ast.Expr{n.Key, n.Value} {
						if id, ok := e.(*ast.Ident); ok && add(id) {
							changed = true
						}
					}
				}
			case *ast.TypeSwitchStmt:
				if as, ok := n.Assign.(*ast.AssignStmt); ok && site.MentionsAny(w.info, as.Rhs[0], out) {
					for _, clause := range n.Body.List {
						if obj := w.info.Implicits[clause]; obj != nil && !out[obj] {
							out[obj] = true
							changed = true
						}
					}
				}
			}
			return true
		})
	}
	return out
}

// readsInput reports whether e reads any of objs, leaving out what a call
// takes only to number the attempt: res, err := c.upload(body, attempt)
// with attempt := i + 1 does not make res differ from round to round.
func (w *loopWalk) readsInput(e ast.Expr, objs map[types.Object]bool) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || w.fl == nil {
		return readsAny(w.info, e, objs)
	}
	if readsAny(w.info, call.Fun, objs) {
		return true
	}
	for i, a := range call.Args {
		if readsAny(w.info, a, objs) && !w.fl.AttemptParam(call, i) {
			return true
		}
	}
	return false
}

// usesFailedResult reports whether the code run after a failed attempt
// uses the attempt's other results (appends a fragment, advances by the
// bytes read): the loop makes progress with partial results, as readers
// do, rather than throwing the attempt away and trying again. Closing a
// response's body, reading its status or headers, testing a result in a
// branch, building the program's own error from it, and logging are not
// progress; nor is anything on a failure path that leaves the loop.
func (w *loopWalk) usesFailedResult() bool {
	used := false
	conds := w.branchConds()
	failed := w.failed
	readLoop := w.readsUntilBroken()
	if w.g != nil {
		// Only what goes round can carry progress into the next
		// attempt: a failure path that returns may name the result in
		// its error (conn.URL()) and leave.
		_, heads := w.blocks()
		failed = w.goesRound(failed, heads)
	}
	for _, n := range failed {
		var stack []ast.Node
		ast.Inspect(n, func(x ast.Node) bool {
			if x == nil {
				stack = stack[:len(stack)-1]
				return true
			}
			stack = append(stack, x)
			if _, lit := x.(*ast.FuncLit); lit {
				stack = stack[:len(stack)-1]
				return false
			}
			id, ok := x.(*ast.Ident)
			if !ok || !w.out.Derived[w.info.ObjectOf(id)] || len(stack) < 2 {
				return true
			}
			if libs.IsHTTPRequest(w.info.TypeOf(id)) {
				return true // req, err = rewind(req): the same request, whoever reads it
			}
			if readLoop && w.inReadLoop(id) {
				return true // conn.Read(), Process(b) in the read loop after a dial that worked
			}
			if !w.harmlessUse(stack[:len(stack)-1], id, conds, map[types.Object]bool{}) {
				used = true
			}
			return true
		})
	}
	return used
}

// readLoops returns the inner for loops of body that read a stream made
// before them (for { n, err := conn.Read(buf); ... }): each round takes
// the next message, and the attempts that handle it run on new input by
// design, which says nothing of the loop around them.
func (w *loopWalk) readLoops(body *ast.BlockStmt) []ast.Node {
	var out []ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		switch l := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ForStmt:
			if astutil.Some(l.Body, func(m ast.Node) bool {
				call, ok := m.(*ast.CallExpr)
				if !ok {
					return false
				}
				sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
				if !ok || !libs.StreamMethods[sel.Sel.Name] {
					return false
				}
				if _, method := w.info.Selections[sel]; !method {
					return false
				}
				recv := site.RootIdent(sel.X)
				obj := w.info.ObjectOf(recv)
				return recv != nil && obj != nil && (obj.Pos() < l.Pos() || obj.Pos() > l.End())
			}) {
				out = append(out, l)
			}
		}
		return true
	})
	return out
}

// inReadLoop reports whether id lies in an inner loop of the body that
// makes attempts of its own; asked in a loop that connects and then reads
// the connection until it breaks (readsUntilBroken), a failure there is the
// stream's, met after the connection worked, and what the inner loop
// does with what it read (p.pipeline.Process(b)) is the stream's work,
// not progress made with a failed connection.
func (w *loopWalk) inReadLoop(id *ast.Ident) bool {
	found := false
	ast.Inspect(site.LoopBody(w.loop), func(n ast.Node) bool {
		if found {
			return false
		}
		switch l := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ForStmt:
			if id.Pos() >= l.Pos() && id.End() <= l.End() {
				for op := range w.opAssigns {
					found = found || op.Pos() >= l.Pos() && op.End() <= l.End()
				}
			}
		}
		return !found
	})
	return found
}

// branchConds returns the expressions of the loop that only choose a
// branch: the conditions of if and for statements, switch tags and case
// expressions.
func (w *loopWalk) branchConds() map[ast.Node]bool {
	conds := map[ast.Node]bool{}
	ast.Inspect(w.loop, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.IfStmt:
			conds[n.Cond] = true
		case *ast.ForStmt:
			if n != w.loop && n.Cond != nil {
				conds[n.Cond] = true
			}
		case *ast.SwitchStmt:
			if n.Tag != nil {
				conds[n.Tag] = true
			}
		case *ast.CaseClause:
			for _, e := range n.List {
				conds[e] = true
			}
		}
		return true
	})
	return conds
}

// harmlessUse reports whether the innermost node of path, an identifier,
// is used only to inspect or release a failed attempt's result. seen
// holds the variables whose uses are being asked about (msg :=
// string(body) is harmless when msg is), so that an accumulator (total =
// total + n) is not taken for harmless by its own use.
func (w *loopWalk) harmlessUse(path []ast.Node, id *ast.Ident, conds map[ast.Node]bool, seen map[types.Object]bool) bool {
	if w.roundLocal(id) && methodReceiver(path, id) {
		// conn.pools.get(name), conn.failures.Add(1): the target this
		// round drew (conn, err = pool.Next()) is told of the failure;
		// the next round draws another.
		return true
	}
	switch p := path[len(path)-1].(type) {
	case *ast.SelectorExpr:
		switch p.Sel.Name {
		case "Body", "StatusCode", "Status", "Header", "Close", "Err", "Error", "String":
			return true
		}
	case *ast.BinaryExpr:
		if site.IsNil(w.info, p.X) || site.IsNil(w.info, p.Y) {
			return true
		}
	case *ast.AssignStmt:
		// Storing the next attempt's result (resp, err = c.Do(req) after
		// a failure, as a for err != nil loop runs it) is not using the
		// failed one.
		if slices.Contains(p.Lhs, ast.Expr(id)) {
			return true
		}
	case *ast.ValueSpec:
		return slices.Contains(p.Names, id) // var resp *http.Response
	case *ast.ReturnStmt:
		// return res, err hands the failed answer to the caller on the
		// way out: nothing of it is carried into another attempt.
		return true
	case *ast.CallExpr:
		// A response handed to a function (drain and close it, parse its
		// Retry-After) is inspected or released, not built upon.
		for _, a := range p.Args {
			if site.IsResponseType(w.info.TypeOf(a)) {
				return true
			}
		}
	}
	if conds[id] {
		return true // if found { ... }
	}
	for i := len(path) - 1; i >= 0; i-- {
		if conds[path[i]] {
			// if len(body) == 3 { return ... }: the result chooses a
			// branch and is carried no further.
			return true
		}
		switch x := path[i].(type) {
		case *ast.CallExpr:
			fn := libs.Callee(w.info, x)
			if fn != nil && fn.Pkg() != nil && libs.Logging[fn.Pkg().Path()] {
				return true
			}
			// wait, ok, err := retrier.Retry(ctx, n, req, resp, err):
			// the failed attempt decides the next one's delay.
			if status.ReadsDelay(w.info, x) {
				return true
			}
			// lastErr = NewAPIError(resp.StatusCode, string(body)): the
			// failed answer is described in the program's own error,
			// which only leaves the loop or is dropped by the next round.
			if tv, ok := w.info.Types[x.Fun]; ok && !tv.IsType() && w.isError(w.info.TypeOf(x)) {
				return true
			}
		case *ast.CompositeLit:
			if w.isError(w.info.TypeOf(x)) {
				return true // &APIError{Msg: string(body)}
			}
		case *ast.AssignStmt:
			// msg := string(body), used only as the others above.
			var rhs ast.Node = id
			if i+1 < len(path) {
				rhs = path[i+1]
			}
			return w.copiedHarmlessly(x, rhs, conds, seen)
		case *ast.ReturnStmt:
			return true // return nil, wrap(body): handed over on the way out
		case ast.Stmt:
			return false
		}
	}
	return false
}

// roundLocal reports whether id's variable is declared in the loop's
// body: each round has its own, and nothing held in it reaches the next.
func (w *loopWalk) roundLocal(id *ast.Ident) bool {
	obj := w.info.ObjectOf(id)
	body := site.LoopBody(w.loop)
	return obj != nil && body != nil && body.Pos() <= obj.Pos() && obj.Pos() < body.End()
}

// methodReceiver reports whether path, from the outside in, ends in a
// method call whose receiver is id or a field of it (id.f.M()).
func methodReceiver(path []ast.Node, id *ast.Ident) bool {
	var x ast.Expr = id
	for i := len(path) - 1; i >= 0; i-- {
		sel, ok := path[i].(*ast.SelectorExpr)
		if !ok || sel.X != x {
			return false
		}
		if i > 0 {
			if call, ok := path[i-1].(*ast.CallExpr); ok && call.Fun == sel {
				return true
			}
		}
		x = sel
	}
	return false
}

// copiedHarmlessly reports whether the assignment as, whose right side
// rhs uses a failed attempt's result, stores it in variables that are
// themselves used only harmlessly in the loop, or in none (_ = body).
func (w *loopWalk) copiedHarmlessly(as *ast.AssignStmt, rhs ast.Node, conds map[ast.Node]bool, seen map[types.Object]bool) bool {
	if !slices.Contains(as.Rhs, rhs.(ast.Expr)) || as.Tok != token.DEFINE && as.Tok != token.ASSIGN {
		return false // off += n
	}
	for _, l := range as.Lhs {
		id, ok := l.(*ast.Ident)
		if !ok {
			return false // out.buf = chunk
		}
		if id.Name == "_" {
			continue
		}
		obj := w.info.ObjectOf(id)
		if obj == nil || seen[obj] {
			return false
		}
		seen[obj] = true
		ok = w.usedHarmlessly(obj, conds, seen)
		delete(seen, obj)
		if !ok {
			return false
		}
	}
	return true
}

// usedHarmlessly reports whether every use of obj in the loop is harmless.
// A use in a function literal is not: what the closure does with it is
// not followed.
func (w *loopWalk) usedHarmlessly(obj types.Object, conds map[ast.Node]bool, seen map[types.Object]bool) bool {
	ok := true
	var stack []ast.Node
	ast.Inspect(w.loop, func(x ast.Node) bool {
		if x == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if !ok {
			return false
		}
		stack = append(stack, x)
		id, isID := x.(*ast.Ident)
		if !isID || w.info.Uses[id] != obj {
			return true
		}
		for _, a := range stack {
			if _, lit := a.(*ast.FuncLit); lit {
				ok = false
			}
		}
		if ok && !w.harmlessUse(stack[:len(stack)-1], id, conds, seen) {
			ok = false
		}
		return true
	})
	return ok
}

var errorType = types.Universe.Lookup("error").Type()

// isError reports whether a value of type t is an error: t or a pointer
// to t implements error.
func (w *loopWalk) isError(t types.Type) bool {
	if t == nil {
		return false
	}
	if _, tuple := t.(*types.Tuple); tuple {
		return false
	}
	iface := errorType.Underlying().(*types.Interface)
	if types.Implements(t, iface) {
		return true
	}
	_, isPtr := t.Underlying().(*types.Pointer)
	_, isIface := t.Underlying().(*types.Interface)
	return !isPtr && !isIface && types.Implements(types.NewPointer(t), iface)
}

// consumesStream reports whether the body reads the next item of a stream
// that outlives the loop (c.Read(b), l.Accept(), dec.Decode(&m),
// it.Next()): each time round it gets a new message, so a failure that
// goes round again skips a bad message or waits for the next one; it does
// not retry. analyzeLoop rejects such a loop only when the walk finds a
// successful read going round, or a failed one going round at once: a
// loop that leaves on the first successful read and waits before reading
// again after a failed one (for { m, err := sub.Receive(ctx); if err ==
// nil { return m, nil }; wait }) retries the read.
func (w *loopWalk) consumesStream(body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if _, lit := n.(*ast.FuncLit); lit || found {
			return false
		}
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok || !libs.StreamMethods[sel.Sel.Name] {
			return true
		}
		if _, isMethod := w.info.Selections[sel]; !isMethod {
			return true
		}
		if t, ok := w.info.TypeOf(call).(*types.Named); ok && libs.IsNamed(t, "time", "Duration") {
			return true // b.Next() of a backoff gives the next delay, not the next item
		}
		if decodesArgs(w.info, call) {
			return true // codec.Decode(buf): a value made of its argument
		}
		if w.outlives(body, sel.X, 0) {
			found = true
		}
		return true
	})
	return found
}

// drawsCandidates reports whether a call of the body is passed an
// io.Reader that outlives the loop (randomPrime(rand, bits)): each time
// round draws a new candidate, whatever the last one's outcome.
func (w *loopWalk) drawsCandidates(body *ast.BlockStmt) bool {
	if rewinds(body) {
		return false // the same input read again: the request's body
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if _, lit := n.(*ast.FuncLit); lit || found {
			return false
		}
		if call, ok := n.(*ast.CallExpr); ok && w.drawsFromReader(body, call) {
			found = true
		}
		return !found
	})
	return found || w.drawsRandom()
}

// drawsRandom reports whether an attempt is given a new random number
// (site.RandomArg): each round tries a new candidate.
func (w *loopWalk) drawsRandom() bool {
	for n := range w.opAssigns {
		if _, call := site.OpParts(n); call != nil && site.RandomArg(w.info, call) {
			return true
		}
	}
	return false
}

// outlives reports whether the stream e names was made before the loop:
// e's root is a variable or field declared outside the body. A stream a
// function makes in the body from the body's own values
// (json.NewDecoder(resp.Body).Decode(&v), with resp the attempt's
// response) is new each time round: decoding it reads this attempt's
// answer, not the next message of a stream.
func (w *loopWalk) outlives(body *ast.BlockStmt, e ast.Expr, depth int) bool {
	if depth > 4 {
		return true
	}
	if call, ok := ast.Unparen(e).(*ast.CallExpr); ok {
		if sel, ok := call.Fun.(*ast.SelectorExpr); ok && w.info.Selections[sel] != nil {
			return w.outlives(body, sel.X, depth+1) // a method of the stream
		}
		for _, a := range call.Args {
			if w.outlives(body, a, depth+1) {
				return true
			}
		}
		return false
	}
	root := astutil.RootObject(w.info, e)
	if _, pkg := root.(*types.PkgName); pkg {
		return true // os.Stdin
	}
	return root != nil && !(body.Pos() <= root.Pos() && root.Pos() < body.End())
}

// drawsFromReader reports whether call is passed an io.Reader that outlives
// the loop (randomPrime(rand, bits) draws a new candidate each time). A
// request built or sent with such a body is left to the retrybody analyzer.
func (w *loopWalk) drawsFromReader(body *ast.BlockStmt, call *ast.CallExpr) bool {
	fn := libs.Callee(w.info, call)
	if _, ok := libs.RequestBuilders.Lookup(fn); ok {
		return false
	}
	if _, ok := libs.Sends.Lookup(fn); ok {
		return false
	}
	for _, a := range call.Args {
		id, ok := ast.Unparen(a).(*ast.Ident)
		if !ok {
			continue
		}
		v, ok := w.info.Uses[id].(*types.Var)
		if ok && isReader(v.Type()) && !(body.Pos() <= v.Pos() && v.Pos() < body.End()) {
			return true
		}
	}
	return false
}

// rewinds reports whether the body seeks a reader back to its start
// (readerSeeker.Seek(0, io.SeekStart)): the attempt reads the same input
// again, a request's body rather than a source of new candidates.
func rewinds(body *ast.BlockStmt) bool {
	return astutil.Some(body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || len(call.Args) != 2 {
			return false
		}
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "Seek" {
			return false
		}
		lit, ok := ast.Unparen(call.Args[0]).(*ast.BasicLit)
		return ok && lit.Value == "0"
	})
}

// isReader reports whether t is an io.Reader interface (a source a call
// draws from), not a concrete buffer.
func isReader(t types.Type) bool {
	_, isIface := t.Underlying().(*types.Interface)
	return isIface && libs.Reads(t)
}

// restartsSyscall reports whether a failure test of the loop names a
// system error number that asks for the call again at once (EINTR,
// EAGAIN, EINPROGRESS): such loops restart interrupted system calls as the
// system's contract says, they do not retry failed operations.
func (w *loopWalk) restartsSyscall() bool {
	for _, t := range w.tests {
		errno := false
		ast.Inspect(t, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				if obj := w.info.Uses[id]; obj != nil && obj.Pkg() != nil && libs.SyscallPackages[obj.Pkg().Path()] && libs.Interrupted[obj.Name()] {
					errno = true
				}
			}
			return !errno
		})
		if errno {
			return true
		}
	}
	return false
}

// advancesField reports whether the loop moves a field to the next entry
// of a list on its way round: the field is incremented (x.i++,
// atomic.AddInt32(&x.i, 1)) and compared with the length of a list that is
// not a delay schedule (x.i < len(x.endpoints)-1). Such a loop fails over
// to the next endpoint or replica, as SDK clients do, and runs a different
// operation each time round.
func (w *loopWalk) advancesField(body *ast.BlockStmt) bool {
	incremented := map[types.Object]bool{}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IncDecStmt:
			if sel, ok := ast.Unparen(n.X).(*ast.SelectorExpr); ok && n.Tok == token.INC {
				incremented[w.info.ObjectOf(sel.Sel)] = true
			}
		case *ast.CallExpr:
			if fn := libs.Callee(w.info, n); fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "sync/atomic" && strings.HasPrefix(fn.Name(), "Add") && len(n.Args) == 2 {
				if u, ok := ast.Unparen(n.Args[0]).(*ast.UnaryExpr); ok && u.Op == token.AND {
					if sel, ok := ast.Unparen(u.X).(*ast.SelectorExpr); ok {
						incremented[w.info.ObjectOf(sel.Sel)] = true
					}
				}
			}
		}
		return true
	})
	if len(incremented) == 0 {
		return false
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		b, ok := n.(*ast.BinaryExpr)
		if !ok || found || (b.Op != token.LSS && b.Op != token.LEQ && b.Op != token.GTR && b.Op != token.GEQ) {
			return !found
		}
		if site.MentionsAny(w.info, b.X, incremented) && w.lenOfList(b.Y) || site.MentionsAny(w.info, b.Y, incremented) && w.lenOfList(b.X) {
			found = true
		}
		return !found
	})
	return found
}

// lenOfList reports whether e holds len(s) of a slice or array whose
// elements are not durations (a table of delays is a schedule, not a list
// of targets).
func (w *loopWalk) lenOfList(e ast.Expr) bool {
	return astutil.Some(e, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || len(call.Args) != 1 {
			return false
		}
		if id, ok := ast.Unparen(call.Fun).(*ast.Ident); !ok || id.Name != "len" {
			return false
		}
		var elem types.Type
		switch t := w.info.TypeOf(call.Args[0]).Underlying().(type) {
		case *types.Slice:
			elem = t.Elem()
		case *types.Array:
			elem = t.Elem()
		default:
			return false
		}
		return !libs.IsNamed(elem, "time", "Duration")
	})
}

// leavesOnRepeat reports whether the loop leaves before it would send a
// failed attempt's input again: if first == lastFailed { return lastErr
// }, with lastFailed = first set in the body and first an argument of an
// attempt. Each round tries a new input (the first index moved since
// the read that failed); the same attempt is never made twice.
func (w *loopWalk) leavesOnRepeat(body *ast.BlockStmt) bool {
	saved := map[[2]types.Object]bool{} // lastFailed = first
	ast.Inspect(body, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		if as, ok := n.(*ast.AssignStmt); ok && as.Tok == token.ASSIGN && len(as.Lhs) == len(as.Rhs) {
			for i, l := range as.Lhs {
				to, ok1 := ast.Unparen(l).(*ast.Ident)
				from, ok2 := ast.Unparen(as.Rhs[i]).(*ast.Ident)
				if ok1 && ok2 {
					saved[[2]types.Object{w.info.ObjectOf(to), w.info.ObjectOf(from)}] = true
				}
			}
		}
		return true
	})
	for _, st := range body.List {
		ifs, ok := st.(*ast.IfStmt)
		if !ok || ifs.Else != nil || !returns(ifs.Body) {
			continue
		}
		eq, ok := ast.Unparen(ifs.Cond).(*ast.BinaryExpr)
		if !ok || eq.Op != token.EQL {
			continue
		}
		x, ok1 := ast.Unparen(eq.X).(*ast.Ident)
		y, ok2 := ast.Unparen(eq.Y).(*ast.Ident)
		if !ok1 || !ok2 {
			continue
		}
		a, b := w.info.ObjectOf(x), w.info.ObjectOf(y)
		if saved[[2]types.Object{b, a}] && w.attemptArg(a) || saved[[2]types.Object{a, b}] && w.attemptArg(b) {
			return true
		}
	}
	return false
}

// attemptArg reports whether obj is passed to one of the loop's attempts.
func (w *loopWalk) attemptArg(obj types.Object) bool {
	for n := range w.opAssigns {
		if _, call := site.OpParts(n); call != nil && slices.ContainsFunc(call.Args, func(a ast.Expr) bool {
			id, ok := ast.Unparen(a).(*ast.Ident)
			return ok && w.info.ObjectOf(id) == obj
		}) {
			return true
		}
	}
	return false
}

// testedCall returns the call an attempt tested where it is made holds:
// the call side of f() == nil, or the call of a condition f() or !f().
func testedCall(n ast.Node) *ast.CallExpr {
	e, ok := n.(ast.Expr)
	if !ok {
		return nil
	}
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.NOT {
		e = ast.Unparen(u.X)
	}
	if b, ok := e.(*ast.BinaryExpr); ok {
		if c, ok := ast.Unparen(b.X).(*ast.CallExpr); ok {
			return c
		}
		c, _ := ast.Unparen(b.Y).(*ast.CallExpr)
		return c
	}
	c, _ := e.(*ast.CallExpr)
	return c
}
