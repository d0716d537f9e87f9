package retrysite

import (
	"go/ast"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
)

// retriesApart reports whether a loop that goes round after a success
// too gives its failures a wait of their own: a periodic task (rejoin a
// pool every few minutes) whose failed round tries again sooner or later
// on another schedule.
//
//	for {
//		resp, err := c.Post(pool, "application/json", &b)
//		if err != nil {
//			time.Sleep(time.Minute) // the retry's delay
//			continue
//		}
//		...
//		time.Sleep(rejoin) // the period
//	}
//
// The failure path is a retry of the failed round (RULES.md, retry
// loop), judged on its own waits and bound. A loop whose success and
// failure go round through the same wait (ticker.Reset(24 * time.Hour)
// either way) is a schedule: no retry. So is one whose success hands
// its answer on (out <- st: a watch, each round a new reading) or whose
// attempt is given the time of the round (fire(time.Now())): each round
// is new work, not the failed one again.
func (w *loopWalk) retriesApart() bool {
	if w.deliversOnSuccess() || w.givenTheClock() {
		return false
	}
	failOnly, okOnly := false, false
	for n := range w.pathSeen {
		if !w.okSeen[n] && w.holdsWait(n) {
			failOnly = true
		}
	}
	for n := range w.okSeen {
		if !w.pathSeen[n] && w.holdsWait(n) {
			okOnly = true
		}
	}
	return failOnly && okOnly
}

// holdsWait reports whether n calls a wait, outside function literals.
func (w *loopWalk) holdsWait(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		switch m := m.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if _, ok := libs.Waits.Lookup(libs.Callee(w.info, m)); ok || w.waitOf(m) != nil {
				found = true
			}
		}
		return !found
	})
	return found
}

// deliversOnSuccess reports whether a node only a success reaches sends
// on a channel.
func (w *loopWalk) deliversOnSuccess() bool {
	for n := range w.okSeen {
		if !w.pathSeen[n] && astutil.Some(n, func(m ast.Node) bool { _, ok := m.(*ast.SendStmt); return ok }) {
			return true
		}
	}
	return false
}

// givenTheClock reports whether an attempt's call reads a local the loop
// body computes from the clock (t := time.Now().Truncate(time.Second)).
func (w *loopWalk) givenTheClock() bool {
	clock := map[types.Object]bool{}
	ast.Inspect(site.LoopBody(w.loop), func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != len(as.Rhs) {
			return true
		}
		for i, r := range as.Rhs {
			id, ok := as.Lhs[i].(*ast.Ident)
			if ok && astutil.Some(r, func(m ast.Node) bool {
				call, ok := m.(*ast.CallExpr)
				return ok && libs.Is(libs.Callee(w.info, call), "time", "Now")
			}) {
				clock[w.info.ObjectOf(id)] = true
			}
		}
		return true
	})
	if len(clock) == 0 {
		return false
	}
	for n := range w.opAssigns {
		if _, call := site.OpParts(n); call != nil && site.MentionsAny(w.info, call, clock) {
			return true
		}
	}
	return false
}
