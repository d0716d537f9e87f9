package retrysite

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
)

// Reconnect daemons. A loop that wakes on a tick and re-establishes a
// connection only while it is missing or closed
//
//	for { select { case <-ctx.Done(): return; case <-ticker.C:
//	    if d.conn == nil || d.conn.IsClosed() {
//	        c, err := dial(); if err != nil { continue }; d.conn = c } } }
//
// goes round after a success too, but only to watch: the attempt is
// guarded by a test of the state a successful attempt leaves behind, so
// it runs again only after a failure or once what it made has ended. That
// is a reconnect loop, a retry loop (RULES.md), and its wait is the retry
// delay. A loop whose attempt runs on every round whatever happened
// before (a periodic sync) stays a schedule.

// stateKey names a variable, or a field path from one (d.conn).
type stateKey struct {
	root types.Object
	path string
}

// guardedByResult reports whether every attempt of the loop body lies
// under an if whose condition tests state the attempt's success sets: a
// variable or field the if's body assigns (the attempt's own result,
// d.conn = c), or a field of the value whose method is the attempt
// (if el.conn == nil { err = el.connect() }: the method sets it).
func (w *loopWalk) guardedByResult(body *ast.BlockStmt) bool {
	if len(w.opAssigns) == 0 {
		return false
	}
	guarded := 0
	var stack []ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		if w.opAssigns[n] && w.underGuard(n, stack) {
			guarded++
		}
		stack = append(stack, n)
		return true
	})
	return guarded == len(w.opAssigns)
}

// underGuard reports whether one of the ifs enclosing the attempt n (in
// stack, outermost first) has it in its body and tests state it sets.
func (w *loopWalk) underGuard(n ast.Node, stack []ast.Node) bool {
	for i := len(stack) - 1; i >= 0; i-- {
		ifs, ok := stack[i].(*ast.IfStmt)
		if !ok || i+1 >= len(stack) || stack[i+1] != ifs.Body {
			continue
		}
		sets := w.assignedState(ifs.Body, n)
		if _, call := site.OpParts(n); call != nil {
			if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
				if recv := astutil.RootObject(w.info, sel.X); recv != nil {
					sets[stateKey{root: recv, path: "*"}] = true
				}
			}
		}
		if w.testsState(ifs.Cond, sets, w.advancedBefore(ifs.Body, n)) {
			return true
		}
	}
	return false
}

// assignedState returns the variables and field paths, other than
// errors, that block assigns once the attempt op succeeded: op's own
// results (d.conn, err = dial()), or an assignment after a test of op's
// error that leaves the round (if err != nil { continue }; d.conn = c) or
// under such a test (if err == nil { d.conn = c }). A flag set whatever
// the outcome (err := stop(); log(err); running = false) says nothing of
// success: the failed attempt is not run again either.
func (w *loopWalk) assignedState(block *ast.BlockStmt, op ast.Node) map[stateKey]bool {
	sets := map[stateKey]bool{}
	errs := map[types.Object]bool{}
	lhs, _ := site.OpParts(op)
	for _, l := range lhs {
		if id, ok := ast.Unparen(l).(*ast.Ident); ok && site.IsErrorType(w.info.TypeOf(l)) {
			errs[w.info.ObjectOf(id)] = true
		}
	}
	var gates []*ast.IfStmt // tests of op's error
	ast.Inspect(block, func(n ast.Node) bool {
		if ifs, ok := n.(*ast.IfStmt); ok && site.MentionsAny(w.info, ifs.Cond, errs) {
			gates = append(gates, ifs)
		}
		return true
	})
	onSuccess := func(as *ast.AssignStmt) bool {
		if ast.Node(as) == op {
			return true
		}
		for _, g := range gates {
			if astutil.Contains(g, as) || g.End() <= as.Pos() && g.Pos() > op.Pos() && leavesRound(g.Body) {
				return true
			}
		}
		return false
	}
	ast.Inspect(block, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok {
			_, lit := n.(*ast.FuncLit)
			return !lit
		}
		if !onSuccess(as) {
			return true
		}
		for _, l := range as.Lhs {
			if site.IsErrorType(w.info.TypeOf(l)) {
				continue
			}
			if k, ok := w.keyOf(l); ok {
				sets[k] = true
			}
		}
		return true
	})
	return sets
}

// advancedBefore returns the values whose methods block calls as
// statements before the attempt op, whatever its outcome
// (pd.queue.IncreaseIndex() before pd.switchTrack(pd.queue.Index)): a
// guard that asks one of them (if !pd.queue.IsAtLastElement()) follows
// the program's progress through it, not the state a success leaves.
func (w *loopWalk) advancedBefore(block *ast.BlockStmt, op ast.Node) map[stateKey]bool {
	moved := map[stateKey]bool{}
	for _, st := range block.List {
		if st.Pos() >= op.Pos() {
			break
		}
		es, ok := st.(*ast.ExprStmt)
		if !ok {
			continue
		}
		if call, ok := ast.Unparen(es.X).(*ast.CallExpr); ok {
			if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
				if k, ok := w.keyOf(sel.X); ok {
					moved[k] = true
				}
			}
		}
	}
	return moved
}

// testsState reports whether cond mentions one of the state sets: a key
// itself, or a field of a receiver marked with the path "*" that the
// round did not move on itself (moved, advancedBefore).
func (w *loopWalk) testsState(cond ast.Expr, sets, moved map[stateKey]bool) bool {
	// What a receiver's method may set is judged only where the condition
	// asks whether it is there or alive (el.conn == nil,
	// el.conn.IsClosed()), not where it reads a setting (r.conf.Timeout).
	held := map[ast.Expr]bool{}
	ast.Inspect(cond, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BinaryExpr:
			if (n.Op == token.EQL || n.Op == token.NEQ) && (astutil.IsNil(w.info, n.X) || astutil.IsNil(w.info, n.Y)) {
				held[ast.Unparen(n.X)], held[ast.Unparen(n.Y)] = true, true
			}
		case *ast.CallExpr:
			// el.conn.IsClosed() asks; s.cfg.Options() reads a setting.
			if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok && site.IsBool(w.info.TypeOf(n)) {
				held[ast.Unparen(sel.X)] = true
			}
		}
		return true
	})
	found := false
	ast.Inspect(cond, func(n ast.Node) bool {
		e, ok := n.(ast.Expr)
		if !ok || found {
			return !found
		}
		if site.IsErrorType(w.info.TypeOf(e)) {
			return true
		}
		k, ok := w.keyOf(e)
		if !ok {
			return true
		}
		_, isSel := ast.Unparen(e).(*ast.SelectorExpr)
		found = sets[k] || isSel && held[ast.Unparen(e)] && !moved[k] && sets[stateKey{root: k.root, path: "*"}]
		return !found
	})
	return found
}

// keyOf names a variable or a chain of field selections from one.
func (w *loopWalk) keyOf(e ast.Expr) (stateKey, bool) {
	path := ""
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			obj := w.info.ObjectOf(x)
			if _, ok := obj.(*types.Var); !ok {
				return stateKey{}, false
			}
			return stateKey{root: obj, path: path}, true
		case *ast.SelectorExpr:
			if sel := w.info.Selections[x]; sel == nil || sel.Kind() != types.FieldVal {
				return stateKey{}, false
			}
			path = "." + x.Sel.Name + path
			e = x.X
		case *ast.StarExpr:
			e = x.X
		default:
			return stateKey{}, false
		}
	}
}

// leavesRound reports whether block ends by leaving the round: continue,
// break, goto or return.
func leavesRound(block *ast.BlockStmt) bool {
	if len(block.List) == 0 {
		return false
	}
	switch block.List[len(block.List)-1].(type) {
	case *ast.BranchStmt, *ast.ReturnStmt:
		return true
	}
	return false
}
