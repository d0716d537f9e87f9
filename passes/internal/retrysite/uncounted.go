package retrysite

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/cfg"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/libs"
)

// uncountedFailure reports whether a loop counted by its header alone
// (`for tries := 0; tries < 5; {`, the counter advanced in the body) has
// a way round, through a failure, that does not advance the counter: a
// failure path that `continue`s before `tries++` retries forever.
func (w *loopWalk) uncountedFailure(entry *cfg.Block, heads map[*cfg.Block]bool) bool {
	f, ok := w.loop.(*ast.ForStmt)
	if !ok || f.Cond == nil || entry == nil {
		return false
	}
	counters := w.headCounters(f.Cond)
	if len(counters) == 0 || f.Post != nil && advances(w.info, f.Post, counters) {
		return false
	}
	failing := map[*cfg.Block]bool{}
	for _, succs := range w.failSuccs {
		for _, s := range succs {
			failing[s] = true
		}
	}
	seen := map[[2]int]bool{}
	var walk func(b *cfg.Block, failed bool) bool
	walk = func(b *cfg.Block, failed bool) bool {
		failed = failed || failing[b]
		key := [2]int{int(b.Index), b2i(failed)}
		if seen[key] || !w.member(b) {
			return false
		}
		seen[key] = true
		for _, n := range b.Nodes {
			if advances(w.info, n, counters) {
				return false
			}
		}
		if w.limits(b, heads) {
			return false // a limit of its own on this path
		}
		for _, s := range b.Succs {
			if heads[s] {
				if failed || failing[s] {
					return true
				}
				continue
			}
			if walk(s, failed) {
				return true
			}
		}
		return false
	}
	return walk(entry, false)
}

// limits reports whether block b tests a limit of its own: a counter,
// the clock, a context or stop signal, or a select that waits on one.
func (w *loopWalk) limits(b *cfg.Block, heads map[*cfg.Block]bool) bool {
	if cc, ok := b.Stmt.(*ast.CommClause); ok && b.Kind == cfg.KindSelectCaseBody && (w.selectEnds(cc, heads) || caseEndsRetries(w.info, cc)) {
		return true
	}
	if len(b.Nodes) == 0 || len(b.Succs) != 2 {
		return false
	}
	cond, ok := b.Nodes[len(b.Nodes)-1].(ast.Expr)
	return ok && (w.bounder().bounds(cond) || w.stops(cond) || w.bounder().ctxExit(cond) >= 0)
}

// headCounters returns the counters the loop's condition compares, or
// nil when the condition also asks the clock or a context (a bound that
// holds whatever the counter does).
func (w *loopWalk) headCounters(cond ast.Expr) map[types.Object]bool {
	out := map[types.Object]bool{}
	other := astutil.Some(cond, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			_, ok := libs.TimeOrContext.Lookup(libs.Callee(w.info, n))
			return ok
		case *ast.Ident:
			obj := w.info.ObjectOf(n)
			if w.bounder().counters[obj] {
				out[obj] = true
			}
			v, ok := obj.(*types.Var)
			return ok && isTime(v.Type())
		}
		return false
	})
	if other {
		return nil
	}
	return out
}

// advances reports whether n moves one of the counters on (tries++,
// tries += 1, tries = tries + 1).
func advances(info *types.Info, n ast.Node, counters map[types.Object]bool) bool {
	counter := func(e ast.Expr) bool {
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			return counters[info.ObjectOf(x)]
		case *ast.SelectorExpr:
			return counters[info.ObjectOf(x.Sel)]
		}
		return false
	}
	return astutil.Some(n, func(m ast.Node) bool {
		switch m := m.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IncDecStmt:
			return counter(m.X)
		case *ast.AssignStmt:
			if m.Tok == token.DEFINE {
				return false
			}
			for _, l := range m.Lhs {
				if counter(l) {
					return true
				}
			}
		}
		return false
	})
}
