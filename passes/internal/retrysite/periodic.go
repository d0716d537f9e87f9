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
// failure go round through the same wait, or waits of the same delay
// (timer.Reset(checkInterval) on each path), is a schedule: no retry. So is one whose success hands
// its answer on (out <- st: a watch, each round a new reading) or whose
// attempt is given the time of the round (fire(time.Now())): each round
// is new work, not the failed one again.
func (w *loopWalk) retriesApart() bool {
	if w.deliversOnSuccess() || w.givenTheClock() {
		return false
	}
	failOnly, okOnly := map[string]bool{}, map[string]bool{}
	for n := range w.pathSeen {
		if !w.okSeen[n] {
			w.noteWaits(n, failOnly)
		}
	}
	for n := range w.okSeen {
		if !w.pathSeen[n] {
			w.noteWaits(n, okOnly)
		}
	}
	if len(failOnly) == 0 || len(okOnly) == 0 {
		return false
	}
	for d := range failOnly {
		if okOnly[d] {
			return false // timer.Reset(checkInterval) either way: the period
		}
	}
	return true
}

// noteWaits adds to delays the delay of each wait n calls, outside
// function literals, as written (time.Minute, checkInterval).
func (w *loopWalk) noteWaits(n ast.Node, delays map[string]bool) {
	ast.Inspect(n, func(m ast.Node) bool {
		switch m := m.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if _, ok := libs.Waits.Lookup(libs.Callee(w.info, m)); ok || w.waitOf(m) != nil {
				d := ""
				for _, a := range m.Args {
					d += types.ExprString(a) + ","
				}
				delays[d] = true
			}
		}
		return true
	})
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
