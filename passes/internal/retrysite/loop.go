package retrysite

import (
	"go/ast"
	"go/types"

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
	bnd  *bounder // built on first use: most loops are ruled out before

	assigned map[types.Object]bool // assignedInLoop's answer

	opAssigns map[ast.Node]bool
	condVars  map[types.Object]bool
	visited   map[[2]int]bool
	exitsOK   map[*cfg.Block]bool // canExit memo

	failBack    bool // a failed attempt reaches the next iteration
	okBack      bool // an attempt that did not fail, or may not have, reaches it too
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

func (w *loopWalk) bounder() *bounder {
	if w.bnd == nil {
		w.bnd = newBounder(w.info, w.loop)
	}
	return w.bnd
}

// analyzeLoop returns the loop's site, or nil when it is not a retry loop.
func analyzeLoop(info *types.Info, graph func() *cfg.CFG, loop ast.Stmt, facts func(*types.Func) *RespFact) *Site {
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
		out:       &outcomes{info: info, errs: map[types.Object]bool{}, derived: map[types.Object]bool{}, facts: facts},
		opAssigns: map[ast.Node]bool{},
		condVars:  map[types.Object]bool{},
		visited:   map[[2]int]bool{},
		exitsOK:   map[*cfg.Block]bool{},
		pathSeen:  map[ast.Node]bool{},

		attemptSeen: map[ast.Node]bool{},
	}
	w.collectOps(body)
	w.out.noteSwitches(body)
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
		if w.bounder().bounds(cond) {
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
	s := &Site{Kind: Loop, Node: loop, Op: Operation{Body: body}, RetryPath: w.path, Attempt: w.goesRound(w.attempt, heads), Tests: w.tests, Bound: w.bound}
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

// goesRound keeps the nodes from which a path leads to the next
// iteration: what runs only on paths that leave the loop (a request sent
// once the poll succeeded, whatever its outcome) is never run again.
func (w *loopWalk) goesRound(nodes []ast.Node, heads map[*cfg.Block]bool) []ast.Node {
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

// indexesByCounter reports whether the body indexes with the loop's
// counter (items[i]): an index loop over a collection, not a retry.
func (w *loopWalk) indexesByCounter(body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if ix, ok := n.(*ast.IndexExpr); ok {
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

func (w *loopWalk) visit(b *cfg.Block, st state, heads map[*cfg.Block]bool) {
	key := [2]int{int(b.Index), int(st)}
	if w.visited[key] {
		return
	}
	w.visited[key] = true
	var last ast.Node
	for _, n := range b.Nodes {
		if w.opAssigns[n] && st != failure {
			if st == success || st == after {
				st = after // conn, err := dial(); ...; _, err = conn.Write(b); return err
			} else {
				st = unknown
			}
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
		if st != success && w.bound == nil && (w.bounder().bounds(cond) || w.stops(cond)) &&
			(w.canExit(b.Succs[0], heads) || w.canExit(b.Succs[1], heads)) {
			w.bound = cond
		}
	}
	for i, s := range b.Succs {
		st2 := next[min(i, 1)]
		if (st2 == failure || st2 == before) && w.bound == nil && s.Kind == cfg.KindSelectCaseBody {
			if cc, ok := s.Stmt.(*ast.CommClause); ok && caseEndsRetries(cc) && w.canExit(s, heads) {
				w.bound = cc
			}
		}
		switch {
		case heads[s]:
			switch st2 {
			case failure:
				w.failBack = true
			case success, unknown, mixed, after:
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
		// A flag (done = true, ok = cond) ends the loop; an accumulator
		// (msgs = append(msgs, m)) only moves it on.
		if tv, ok := w.info.Types[as.Rhs[i]]; ok && (tv.Value != nil || isBool(tv.Type)) {
			w.successExit, w.condExit = true, true
		}
	}
}

func isBool(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsBoolean != 0
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
