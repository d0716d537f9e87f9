package retrysite

import (
	"go/ast"
	"go/types"
	"strings"

	"github.com/idemlint/idemlint/passes/internal/astutil"

	"golang.org/x/tools/go/cfg"

	"github.com/idemlint/idemlint/passes/internal/libs"
)

// loopWalk follows the control-flow graph of one loop's body, tracking what
// each path knows about the latest attempt, to tell a retry loop (failure
// goes round again, success leaves) from the loops that only look like one
// (readers that stop at the first error, accept loops, iterations).
type loopWalk struct {
	info *types.Info
	loop ast.Stmt
	g    *cfg.CFG
	out  *outcomes
	bnd  *bounder

	opAssigns map[ast.Node]bool
	condVars  map[types.Object]bool
	visited   map[[2]int]bool
	exitsOK   map[*cfg.Block]bool // canExit memo

	failBack    bool // a failed attempt reaches the next iteration
	okBack      bool // an attempt that did not fail reaches it too
	condExit    bool // the condition ends the loop after a success (done = true)
	successExit bool // a successful attempt leaves the loop
	path        []ast.Node
	pathSeen    map[ast.Node]bool
	attempt     []ast.Node
	attemptSeen map[ast.Node]bool
	failed      []ast.Node // nodes run after a failed attempt
	tests       []ast.Expr
	bound       ast.Node
}

// analyzeLoop returns the loop's site, or nil when it is not a retry loop.
func analyzeLoop(info *types.Info, graph func() *cfg.CFG, loop ast.Stmt) *Site {
	var body *ast.BlockStmt
	var cond ast.Expr
	switch l := loop.(type) {
	case *ast.ForStmt:
		body, cond = l.Body, l.Cond
	case *ast.RangeStmt:
		// Ranging over a collection runs a different operation each time;
		// only `for range n` (and `for i := range n`) repeats one.
		if !isInteger(info.TypeOf(l.X)) {
			return nil
		}
		body = l.Body
	}
	w := &loopWalk{
		info: info, loop: loop,
		out:       &outcomes{info: info, errs: map[types.Object]bool{}, derived: map[types.Object]bool{}},
		bnd:       newBounder(info, loop),
		opAssigns: map[ast.Node]bool{},
		condVars:  map[types.Object]bool{},
		visited:   map[[2]int]bool{},
		exitsOK:   map[*cfg.Block]bool{},
		pathSeen:  map[ast.Node]bool{},

		attemptSeen: map[ast.Node]bool{},
	}
	w.collectOps(body)
	if len(w.opAssigns) == 0 || w.opInputsVary(body) || w.consumesStream(body) {
		return nil
	}
	if cond != nil && (iteratesCollection(info, cond) || w.indexesByCounter(body)) {
		return nil
	}
	w.g = graph()
	entry, heads := w.blocks()
	if entry == nil {
		return nil
	}
	start := before
	if cond != nil {
		t, f := w.out.branch(cond)
		if t == failure || f == success {
			// for err != nil { ... }: every iteration follows a failure,
			// and the condition's false edge is the success exit.
			start, w.successExit = failure, true
			w.tests = append(w.tests, cond)
		}
		if w.bnd.bounds(cond) {
			w.bound = cond
		}
		ast.Inspect(cond, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				if obj := info.ObjectOf(id); obj != nil {
					w.condVars[obj] = true
				}
			}
			return true
		})
	}
	if r, ok := loop.(*ast.RangeStmt); ok {
		w.bound = r.X
	}
	w.visit(entry, start, heads)
	// A loop that goes round after an attempt that did not fail repeats
	// work, not a failed attempt: it iterates (unless its condition is the
	// way out after a success, as in for !done).
	if !w.failBack || !w.successExit || w.okBack && !w.condExit || w.usesFailedResult() || w.restartsSyscall() {
		return nil
	}
	s := &Site{Kind: Loop, Node: loop, Op: Operation{Body: body}, RetryPath: w.path, Attempt: w.attempt, Tests: w.tests, Bound: w.bound}
	for _, n := range w.path {
		ast.Inspect(n, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.CallExpr:
				if _, ok := libs.Waits.Lookup(libs.Callee(info, n)); ok {
					s.Waits = append(s.Waits, n)
				}
			}
			return true
		})
	}
	return s
}

// collectOps finds the assignments in the body that store an attempt's
// outcome, and the variables they define.
func (w *loopWalk) collectOps(body *ast.BlockStmt) {
	ast.Inspect(body, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		lhs, ok := isOpAssign(w.info, n)
		if !ok {
			return true
		}
		w.opAssigns[n] = true
		for _, l := range lhs {
			id, ok := l.(*ast.Ident)
			if !ok || id.Name == "_" {
				continue
			}
			obj := w.info.ObjectOf(id)
			if isErrorType(obj.Type()) {
				w.out.errs[obj] = true
			} else {
				w.out.derived[obj] = true
			}
		}
		return true
	})
}

// iteratesCollection reports whether a loop condition advances an iterator
// (rows.Next(), scanner.Scan()): such a loop runs a different operation each
// time round.
func iteratesCollection(info *types.Info, cond ast.Expr) bool {
	found := false
	ast.Inspect(cond, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || found {
			return !found
		}
		if tv, ok := info.Types[call.Fun]; ok && (tv.IsType() || tv.IsBuiltin()) {
			return true
		}
		if _, ok := libs.TimeOrContext.Lookup(libs.Callee(info, call)); !ok {
			found = true
		}
		return true
	})
	return found
}

// indexesByCounter reports whether the body indexes with the loop's
// counter (items[i]): an index loop over a collection, not a retry.
func (w *loopWalk) indexesByCounter(body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if ix, ok := n.(*ast.IndexExpr); ok {
			if id, ok := ast.Unparen(ix.Index).(*ast.Ident); ok && w.bnd.counters[w.info.ObjectOf(id)] {
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

func (w *loopWalk) visit(b *cfg.Block, st state, heads map[*cfg.Block]bool) {
	key := [2]int{int(b.Index), int(st)}
	if w.visited[key] {
		return
	}
	w.visited[key] = true
	var last ast.Node
	for _, n := range b.Nodes {
		if w.opAssigns[n] && st != failure {
			st = unknown
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
	if cond, ok := last.(ast.Expr); ok && len(b.Succs) == 2 {
		t, f := w.out.branch(cond)
		if t != keep || f != keep {
			w.tests = append(w.tests, cond)
		}
		if st != before && (t != keep || f != keep) {
			next[0], next[1] = tested(st, t), tested(st, f)
		}
		if st != success && w.bound == nil && w.bnd.bounds(cond) &&
			(w.canExit(b.Succs[0], heads) || w.canExit(b.Succs[1], heads)) {
			w.bound = cond
		}
	}
	for i, s := range b.Succs {
		st2 := next[min(i, 1)]
		if (st2 == failure || st2 == before) && w.bound == nil && s.Kind == cfg.KindSelectCaseBody {
			if cc, ok := s.Stmt.(*ast.CommClause); ok && w.bnd.caseEndsRetries(cc) && w.canExit(s, heads) {
				w.bound = cc
			}
		}
		switch {
		case heads[s]:
			switch st2 {
			case failure:
				w.failBack = true
			case success, unknown:
				w.okBack = true
			}
		case !w.member(s):
			w.exit(st2)
		default:
			w.visit(s, st2, heads)
		}
	}
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

func (w *loopWalk) exit(st state) {
	if st == success || st == mixed {
		w.successExit = true
	}
}

// noteSuccessAssign sees `done = true` on a success path of a loop whose
// condition reads done: the condition is then the success exit.
func (w *loopWalk) noteSuccessAssign(n ast.Node) {
	as, ok := n.(*ast.AssignStmt)
	if !ok {
		return
	}
	for _, l := range as.Lhs {
		if id, ok := l.(*ast.Ident); ok && w.condVars[w.info.ObjectOf(id)] {
			w.successExit, w.condExit = true, true
		}
	}
}

// canExit reports whether some path from b leaves the loop without starting
// another iteration.
func (w *loopWalk) canExit(b *cfg.Block, heads map[*cfg.Block]bool) bool {
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
		if len(b.Succs) == 0 {
			return b.Return() != nil || len(b.Nodes) > 0 && isNoReturnStmt(b.Nodes[len(b.Nodes)-1])
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

func isNoReturnStmt(n ast.Node) bool {
	_, ok := n.(*ast.ExprStmt)
	return ok
}

func isInteger(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}

// mayReturn tells the CFG builder which calls never return.
func mayReturn(info *types.Info) func(*ast.CallExpr) bool {
	return func(call *ast.CallExpr) bool {
		if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
			if b, ok := info.Uses[id].(*types.Builtin); ok && b.Name() == "panic" {
				return false
			}
		}
		_, noReturn := libs.NoReturns.Lookup(libs.Callee(info, call))
		return !noReturn
	}
}

// opInputsVary reports whether an attempt's call reads something the loop
// changes: its own earlier results (err = x.Unwrap(), walking a chain) or
// what is computed from the loop's counters (the next candidate). Such a
// loop runs a different operation each time round, not the same one again.
// A request built afresh in each iteration from the same inputs does not
// vary.
func (w *loopWalk) opInputsVary(body *ast.BlockStmt) bool {
	seed := map[types.Object]bool{}
	for obj := range w.bnd.counters {
		seed[obj] = true
	}
	for obj := range w.filled(body) {
		seed[obj] = true
	}
	fromCounters := w.dependents(body, seed)
	for n := range w.opAssigns {
		lhs, call := opParts(n)
		if call == nil {
			continue
		}
		own := map[types.Object]bool{}
		for _, l := range lhs {
			if id, ok := l.(*ast.Ident); ok && id.Name != "_" {
				own[w.info.ObjectOf(id)] = true
			}
		}
		feedback := w.dependents(body, own)
		for _, in := range append([]ast.Expr{call.Fun}, call.Args...) {
			if mentionsAny(w.info, in, fromCounters) || mentionsAny(w.info, in, feedback) {
				return true
			}
		}
	}
	return false
}

// filled returns the buffers the body fills with new data each time round:
// the arguments of a Read call or of a random source (drbg.Read(b),
// rand.Read(key)), as candidate generators do.
func (w *loopWalk) filled(body *ast.BlockStmt) map[types.Object]bool {
	out := map[types.Object]bool{}
	ast.Inspect(body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		fn := libs.Callee(w.info, call)
		if fn == nil || !strings.HasPrefix(fn.Name(), "Read") && !libs.IsRandom(fn) {
			return true
		}
		for _, a := range call.Args {
			if obj := astutil.RootObject(w.info, a); obj != nil {
				out[obj] = true
			}
		}
		return true
	})
	return out
}

// dependents returns seed and the variables the loop body assigns from
// them, directly or through others (a type switch's x := err.(type)
// included).
func (w *loopWalk) dependents(body *ast.BlockStmt, seed map[types.Object]bool) map[types.Object]bool {
	out := map[types.Object]bool{}
	for obj := range seed {
		out[obj] = true
	}
	add := func(id *ast.Ident) bool {
		obj := w.info.ObjectOf(id)
		if id.Name == "_" || obj == nil || out[obj] {
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
					if mentionsAny(w.info, r, out) {
						for _, l := range n.Lhs {
							if id, ok := l.(*ast.Ident); ok && add(id) {
								changed = true
							}
						}
					}
				}
			case *ast.RangeStmt:
				if mentionsAny(w.info, n.X, out) {
					for _, e := range []ast.Expr{n.Key, n.Value} {
						if id, ok := e.(*ast.Ident); ok && add(id) {
							changed = true
						}
					}
				}
			case *ast.TypeSwitchStmt:
				if as, ok := n.Assign.(*ast.AssignStmt); ok && mentionsAny(w.info, as.Rhs[0], out) {
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

// opParts returns the left side and the call of an attempt's assignment.
func opParts(n ast.Node) ([]ast.Expr, *ast.CallExpr) {
	var lhs []ast.Expr
	var rhs ast.Expr
	switch n := n.(type) {
	case *ast.AssignStmt:
		lhs, rhs = n.Lhs, n.Rhs[0]
	case *ast.ValueSpec:
		for _, id := range n.Names {
			lhs = append(lhs, id)
		}
		rhs = n.Values[0]
	}
	call, _ := ast.Unparen(rhs).(*ast.CallExpr)
	return lhs, call
}

func mentionsAny(info *types.Info, e ast.Node, objs map[types.Object]bool) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && objs[info.ObjectOf(id)] {
			found = true
		}
		return !found
	})
	return found
}

// usesFailedResult reports whether the code run after a failed attempt
// uses the attempt's other results (appends a fragment, advances by the
// bytes read): the loop makes progress with partial results, as readers
// do, rather than throwing the attempt away and trying again. Closing a
// response's body, reading its status or headers, and logging are not
// progress.
func (w *loopWalk) usesFailedResult() bool {
	used := false
	for _, n := range w.failed {
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
			if !ok || !w.out.derived[w.info.ObjectOf(id)] || len(stack) < 2 {
				return true
			}
			if !w.harmlessUse(stack[:len(stack)-1]) {
				used = true
			}
			return true
		})
	}
	return used
}

// harmlessUse reports whether the innermost node of path, an identifier,
// is used only to inspect or release a failed attempt's result.
func (w *loopWalk) harmlessUse(path []ast.Node) bool {
	switch p := path[len(path)-1].(type) {
	case *ast.SelectorExpr:
		switch p.Sel.Name {
		case "Body", "StatusCode", "Status", "Header", "Close", "Err", "Error", "String":
			return true
		}
	case *ast.BinaryExpr:
		return isNil(w.info, p.X) || isNil(w.info, p.Y)
	case *ast.AssignStmt, *ast.ValueSpec:
		return false
	}
	for i := len(path) - 1; i >= 0; i-- {
		if call, ok := path[i].(*ast.CallExpr); ok {
			fn := libs.Callee(w.info, call)
			if fn != nil && fn.Pkg() != nil && libs.Logging[fn.Pkg().Path()] {
				return true
			}
		}
	}
	return false
}

// consumesStream reports whether the body reads the next item of a stream
// that outlives the loop (c.Read(b), l.Accept(), dec.Decode(&m),
// it.Next()): each time round it gets a new message, so a failure that
// goes round again skips a bad message or waits for the next one; it does
// not retry.
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
		if w.drawsFromReader(body, call) {
			found = true
			return false
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok || !libs.StreamMethods[sel.Sel.Name] {
			return true
		}
		if _, isMethod := w.info.Selections[sel]; !isMethod {
			return true
		}
		root := astutil.RootObject(w.info, sel.X)
		if root != nil && !(body.Pos() <= root.Pos() && root.Pos() < body.End()) {
			found = true
		}
		return true
	})
	return found
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

var ioReader = types.NewInterfaceType([]*types.Func{types.NewFunc(0, nil, "Read", types.NewSignatureType(nil, nil, nil,
	types.NewTuple(types.NewVar(0, nil, "p", types.NewSlice(types.Typ[types.Byte]))),
	types.NewTuple(types.NewVar(0, nil, "n", types.Typ[types.Int]), types.NewVar(0, nil, "err", types.Universe.Lookup("error").Type())), false))}, nil).Complete()

// isReader reports whether t is an io.Reader interface (a source a call
// draws from), not a concrete buffer.
func isReader(t types.Type) bool {
	_, isIface := t.Underlying().(*types.Interface)
	return isIface && types.Implements(t, ioReader)
}
