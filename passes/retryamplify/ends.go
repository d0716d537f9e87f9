package retryamplify

import (
	"go/ast"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/retrysite"
)

// failureEndsOuter reports whether a failure of the inner retry entered by
// call ends the outer site instead of sending it round: on every path of
// the operation through the call, with its error non-nil, the attempt
// leaves the loop (return, break) or returns the error wrapped as the
// helper's permanent marker (backoff.Permanent, retry.Unrecoverable), or
// plain to a helper that stops on a plain error (go-retry, a wait
// condition), however the error is tested (a statement between, a
// switch, a log first). Then the outer site runs the inner retry again
// only after it succeeded, and the attempts do not multiply (an ACME poll
// that stops on a failed request). The failure simulation decides it
// (retrysite.Result.FailureEnds).
func (a *amplifier) failureEndsOuter(outer *retrysite.Site, call *ast.CallExpr) bool {
	body := outer.Op.Body
	if body == nil || !astutil.Contains(body, call) {
		return false
	}
	// The call must be in the operation's own function, not in a function
	// literal inside it.
	parents := a.parents(body)
	for n := parents[call]; n != nil && n != body; n = parents[n] {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
	}
	// The answer is asked again in each round of learn and by check; the
	// simulation runs once per pair.
	key := endsKey{outer, call}
	ends, ok := a.ends[key]
	if !ok {
		ends = a.res.FailureEnds(a.pass.TypesInfo, outer, call)
		if a.ends == nil {
			a.ends = map[endsKey]bool{}
		}
		a.ends[key] = ends
	}
	return ends
}

type endsKey struct {
	outer *retrysite.Site
	call  *ast.CallExpr
}

// parents indexes the parents of a body's nodes, once per body.
func (a *amplifier) parents(body *ast.BlockStmt) map[ast.Node]ast.Node {
	if a.parentsOf == nil {
		a.parentsOf = map[*ast.BlockStmt]map[ast.Node]ast.Node{}
	}
	p, ok := a.parentsOf[body]
	if !ok {
		p = astutil.Parents(body)
		a.parentsOf[body] = p
	}
	return p
}
