package retrysite

import (
	"go/ast"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
)

// Some retry loops make the first attempt before the loop and the next
// one at the bottom of the body, testing the outcome at the top:
//
//	resp, err := c.hc.Do(req)
//	for i := 0; i < len(schedule); i++ {
//		if err == nil && resp.StatusCode < 500 {
//			break
//		}
//		time.Sleep(schedule[i])
//		resp, err = c.hc.Do(req)
//	}
//
// Walked from the top of the body, the test comes before any attempt of
// this iteration, so nothing is known there and the loop looks like one
// that goes round without testing. attemptAtBottom recognises the shape;
// the walk then starts each iteration with the outcome of the attempt
// made last (state unknown), which the top test sorts into success and
// failure.

// attemptAtBottom reports whether the body's last statement is an
// attempt that assigns variables declared before the loop: the outcome
// that the next iteration's first statements read.
func (w *loopWalk) attemptAtBottom(body *ast.BlockStmt) bool {
	if len(body.List) < 2 {
		return false
	}
	last, ok := body.List[len(body.List)-1].(*ast.AssignStmt)
	if !ok || !w.opAssigns[last] {
		return false
	}
	outside := false
	for _, l := range last.Lhs {
		id, ok := ast.Unparen(l).(*ast.Ident)
		if !ok || id.Name == "_" {
			continue
		}
		v, ok := w.info.ObjectOf(id).(*types.Var)
		if !ok || v.Pos() >= w.loop.Pos() && v.Pos() < w.loop.End() {
			return false // declared in the loop: not carried round
		}
		if site.IsErrorType(v.Type()) {
			outside = true
		}
	}
	return outside
}
